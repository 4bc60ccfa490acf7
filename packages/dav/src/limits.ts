/**
 * Bounds on what the readers accept, each refused fast with a typed error (DavRequestError 400 for
 * a request body, DavResponseError for a server's answer) instead of walked. The server caps
 * bodies at 10 MiB before they get here; these cap the shape.
 */

/**
 * How deep elements may nest. The deepest request we read is a calendar-query filter:
 * calendar-query/filter/comp-filter(VCALENDAR)/comp-filter(VEVENT)/comp-filter(VALARM)/prop-filter/
 * param-filter/text-match — eight levels; a multistatus goes five deep before a property's value.
 * Dead property values (PROPPATCH) may carry their own small trees; 32 leaves them room.
 */
export const MAX_ELEMENT_DEPTH = 32;

/**
 * How many elements one request body may hold. A multiget of MAX_MULTIGET_HREFS hrefs plus its
 * prop list is the largest honest request; a body past this is refused at the first element over,
 * so a 10 MiB body of `<a/>` costs one bounded parse, not a million-node tree.
 */
export const MAX_ELEMENTS_PER_DOCUMENT = 12_000;

/**
 * How many children one element may have. Bounds every list we build (hrefs, props, filters)
 * without a cap per list; the widest honest one is a multiget: MAX_MULTIGET_HREFS hrefs beside its
 * prop (and room for a few foreign extension elements).
 */
export const MAX_CHILDREN_PER_ELEMENT = 10_100;

/**
 * Hrefs per multiget. The issue asks that 1,000 work (vdirsyncer and DAVx⁵ ask in tens to
 * hundreds); 10,000 leaves ten times that. More is a request we will not read: 400, as for any
 * body past a bound (number-of-matches-within-limits is about results, not requests).
 */
export const MAX_MULTIGET_HREFS = 10_000;

/**
 * The serialized size of one dead property's value (PROPPATCH, extended MKCOL, MKCALENDAR). A
 * calendar-timezone VTIMEZONE is a few kB; a colour or an order far less. Past this the request is
 * refused whole (400) and nothing is kept: the store never holds an unbounded blob per collection.
 */
export const MAX_DEAD_PROPERTY_CHARS = 64 * 1024;

/**
 * Elements inside one multistatus response, reading a server's answer: its propstats and their
 * properties and values. A response is built, handed over and dropped, so a listing of 100,000
 * responses streams; one response past this is a hostile server, not a big calendar.
 */
export const MAX_ELEMENTS_PER_RESPONSE = 2_000;

/** Characters of one property value in a server's answer (an address-data or calendar-data: a vCard with its photo). */
export const MAX_RESPONSE_TEXT_CHARS = 16 * 1024 * 1024;
