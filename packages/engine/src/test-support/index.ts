/**
 * `@atomsync/engine/test-support`: the model of the six modes and random command sequences for it
 * (fast-check), to check a binding of real sides against what the modes say. The engine's model
 * test drives memory sides with it, the server's two datastore clients on a real store.
 */
export { command, Model, type Command, type Side } from './model.js';
