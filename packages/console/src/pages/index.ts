/** The signed-in pages, one chunk the app loads after signing in: they, and the SDK, are not in the first script. */
export { OwnAccount } from './account.js';
export { Accounts } from './accounts.js';
export { Bindings } from './bindings.js';
export { Books } from './books.js';
export { ChatLog } from './chatlog.js';
export { Devices } from './devices.js';
export { Health } from './health.js';
export { Overview } from './overview.js';
export { Passwords } from './passwords.js';
