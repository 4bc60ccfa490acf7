/** WBXML 1.3 global tokens (WAP-192-WBXML-20010725-a §7.1), the tag bits and the charsets we use. */
export const WBXML = {
  SWITCH_PAGE: 0x00,
  END: 0x01,
  ENTITY: 0x02,
  STR_I: 0x03,
  LITERAL: 0x04,
  EXT_I_0: 0x40,
  EXT_I_1: 0x41,
  EXT_I_2: 0x42,
  PI: 0x43,
  LITERAL_C: 0x44,
  EXT_T_0: 0x80,
  EXT_T_1: 0x81,
  EXT_T_2: 0x82,
  STR_T: 0x83,
  LITERAL_A: 0x84,
  EXT_0: 0xc0,
  EXT_1: 0xc1,
  EXT_2: 0xc2,
  OPAQUE: 0xc3,
  LITERAL_AC: 0xc4,
  /** Tag bit: the element has content. */
  CONTENT: 0x40,
  /** Tag bit: the element has attributes. */
  ATTRIBUTES: 0x80,
} as const;

/** IANA MIBenum of UTF-8. */
export const CHARSET_UTF8 = 106;

/** Public id 0x01: unknown (the document type is named otherwise, or not at all). */
export const PUBLIC_ID_UNKNOWN = 0x01;
