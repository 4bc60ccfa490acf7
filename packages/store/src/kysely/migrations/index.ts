/** Every migration, in the order migrate() applies them (by version). A new one is a new file, listed here last. */
import type { Migration } from './ddl.js';
import { migration as m001 } from './001-initial-schema.js';
import { migration as m002 } from './002-sync-engine-state.js';
import { migration as m003 } from './003-syncml-sessions-and-devices.js';
import { migration as m004 } from './004-syncml-session-key-digests.js';
import { migration as m005 } from './005-activesync-device-state.js';
import { migration as m006 } from './006-activesync-device-record.js';
import { migration as m007 } from './007-contents-fingerprint.js';
import { migration as m008 } from './008-sync-state-by-account.js';
import { migration as m009 } from './009-clients-by-account.js';
import { migration as m010 } from './010-bindings-log-outbox-by-account.js';
import { migration as m011 } from './011-chat-log-by-session.js';
import { migration as m012 } from './012-contents-by-account.js';
import { migration as m013 } from './013-sign-in-routes.js';
import { migration as m014 } from './014-sessions-without-account-key.js';
import { migration as m015 } from './015-activesync-usernames-unique.js';
import { migration as m017 } from './017-sync-lease-names-run.js';
import { migration as m018 } from './018-content-sequences.js';
import { migration as m019 } from './019-app-passwords.js';
import { migration as m020 } from './020-dav-collections.js';
import { migration as m021 } from './021-contents-etag.js';
import { migration as m022 } from './022-tombstone-pruning.js';
import { migration as m023 } from './023-vcalendar-redescribed.js';
import { migration as m024 } from './024-alarms-redescribed.js';
import { migration as m025 } from './025-contents-href-partial.js';
import { migration as m026 } from './026-contents-uid-partial.js';
import { migration as m027 } from './027-contents-live-dropped.js';

export const MIGRATIONS: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
  m027,
];
