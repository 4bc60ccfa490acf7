/**
 * How deep elements may nest, reading or writing. The deepest ActiveSync documents go about a
 * dozen levels (Sync/Collections/Collection/Commands/Add/ApplicationData/calendar:Exceptions/
 * Exception/Attendees/Attendee/Email); a body past this is refused, not walked.
 */
export const MAX_ELEMENT_DEPTH = 32;

/**
 * How many elements one request may hold. The largest real request is a Sync sending a full
 * window of changes: MAX_WINDOW_SIZE (512, commands/sync.ts) Adds or Changes, each with its
 * ServerId/ClientId and ApplicationData of up to ~100 properties (a contact has ~70 fields and
 * its Categories and Children; an event its Attendees and Exceptions), so ~50,000 for one
 * collection, and a Sync may carry all four folders we serve (Contacts, Calendar, Tasks, Notes):
 * 200,000. At ~100 bytes of tree per element this keeps what a body can make us build to ~20 MB
 * (twice: the WBXML tree, then the AsElement tree), where 10 MiB of empty `Sync` tags built ten
 * million elements (1.1 GB).
 */
export const MAX_ELEMENTS = 200_000;

/**
 * How many children one element may hold. The widest real elements are a full window's 512
 * commands under Commands, a meeting's Attendees (Exchange's default cap on recipients is 500;
 * organisations raise it to a few thousand) and a daily series' Exceptions over years: 10,000.
 */
export const MAX_CHILDREN = 10_000;
