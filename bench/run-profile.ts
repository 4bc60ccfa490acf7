/**
 * `PROFILE=<file.cpuprofile>`: a CPU profile of one measured step only (not the setup around it, as
 * `node --cpu-prof` would give), to compare two trees function by function; read it with
 * bench/cpu-profile.ts. Without PROFILE the step runs as it is.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function profiled<T>(step: () => Promise<T>): Promise<T> {
  const file = process.env.PROFILE;
  if (file === undefined || file === '') return step();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  try {
    return await step();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
