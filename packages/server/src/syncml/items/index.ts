/** Outgoing items in the form one phone datastore takes: the choice of form, and the rewrite. */
export { phoneFormat, type PhoneFormat, type PhoneFormatInput } from './format.js';
export { renderForPhone, type RenderedItem } from './render.js';
