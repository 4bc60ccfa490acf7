// Run in a fresh process (test/connectors/extdata-undici-agent.test.ts): loads the extdata
// transport given as argv[2] and sends through it (its Agent is made for the first request; port 1
// is refused before any connection), then prints whether the
// process's global dispatcher — the one every other global fetch uses — is now an undici 7 Agent.
const key = Symbol.for('undici.globalDispatcher.1');
const { createTransport } = await import(process.argv[2]);
await createTransport(() => 'unsigned', { retry: { retries: 0 } }).send({ method: 'GET', url: new URL('http://127.0.0.1:1/') }).catch(() => undefined);
const { Agent } = await import('undici');
console.log(JSON.stringify({ installed: globalThis[key] !== undefined, undici7: globalThis[key] instanceof Agent }));
