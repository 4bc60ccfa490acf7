/** The write pace is the DAV client's policy, in @atomsync/dav (client/pace.ts); named here for the tests that import it from this path. */
export { WINDOW, WritePace } from '@atomsync/dav';
