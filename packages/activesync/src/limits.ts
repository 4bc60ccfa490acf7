/**
 * How deep elements may nest, reading or writing. The deepest ActiveSync documents go about a
 * dozen levels (Sync/Collections/Collection/Commands/Add/ApplicationData/calendar:Exceptions/
 * Exception/Attendees/Attendee/Email); a body past this is refused, not walked.
 */
export const MAX_ELEMENT_DEPTH = 32;
