/** Loading what a page shows: the data, a failure in words, and a way to load again. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { describeFailure, sessionEnded } from './session.js';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

/** Runs `load` now and on `reload()`; a failure that means the session ended calls `onSignedOut`. */
export function useLoad<T>(load: () => Promise<T>, onSignedOut: () => void): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setLoaded({ state: 'ready', value }),
      (error: unknown) => {
        if (!current) return;
        if (sessionEnded(error)) onSignedOut();
        else setLoaded({ state: 'failed', message: describeFailure(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [round]);
  return [loaded, useCallback(() => setRound((r) => r + 1), [])];
}

/**
 * An action a page runs on a click (a write): whether one is under way, its failure in words, and
 * the runner; a failure that means the session ended calls `onSignedOut`.
 */
export function useAction(onSignedOut: () => void): [boolean, string | undefined, (action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      if (sessionEnded(failure)) onSignedOut();
      else setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  return [busy, error, run];
}
