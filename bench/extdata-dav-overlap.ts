/**
 * How many of a run's PUTs Radicale received while another of them was still being answered (from
 * its log, level info: "PUT request for …" when one comes in, "PUT response status for …" when it
 * is answered). Against Radicale every PUT sent beside another costs it more CPU (its threads
 * contend for one GIL, then wait on its write lock), so the bench says how many the pace sent so:
 * the probes at two or four in flight, and a level kept by chance.
 */
import { readFile } from 'node:fs/promises';

const RECEIVED = /\] PUT request for '/;
const ANSWERED = /\] PUT response status for '/;

/** The PUTs logged since `mark` that came in while another was in flight. */
export async function putsBesideAnother(file: string, mark: number): Promise<number> {
  const text = (await readFile(file)).subarray(mark).toString('utf8');
  let inFlight = 0;
  let beside = 0;
  for (const line of text.split('\n')) {
    if (RECEIVED.test(line)) {
      if (inFlight > 0) beside++;
      inFlight++;
    } else if (ANSWERED.test(line)) inFlight = Math.max(inFlight - 1, 0);
  }
  return beside;
}
