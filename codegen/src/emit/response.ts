/**
 * Response forms. An element the spec marks `cg:response="required"` is optional in what a client
 * sends but present in every answer (a client's uuid, an entry's atom:id). Each type holding one,
 * directly or through a field's type, gets a response form: an interface extending the type in
 * which that field is required (`SyncmlClientResponse extends SyncmlClient { uuid: string }`), and
 * a shape the response decoders check it against, so the required type is never a promise the
 * decoder did not keep.
 */
import type { ComplexType, Field } from '../xsd/model.js';

export class ResponseForms {
  private readonly names = new Map<ComplexType, string>();

  /** `types` in dependency order (a type after every type it uses), as Reach gives them. */
  constructor(types: readonly ComplexType[]) {
    const taken = new Set(types.map((t) => t.name));
    for (const t of types) {
      if (!t.fields.some((f) => f.inEveryResponse || (f.complex !== undefined && this.names.has(f.complex)))) continue;
      const name = `${t.name}Response`;
      if (taken.has(name)) throw new Error(`the response form of ${t.name} would be named ${name}, which the spec already uses`);
      this.names.set(t, name);
    }
  }

  /** The types that have a response form, in dependency order. */
  get types(): ComplexType[] {
    return [...this.names.keys()];
  }

  has(t: ComplexType): boolean {
    return this.names.has(t);
  }

  /** The name of the type answers carry: the response form's, or the type's own when they do not differ. */
  name(t: ComplexType): string {
    return this.names.get(t) ?? t.name;
  }

  /** The fields a response form declares anew: required in answers, or of a type with a response form. */
  changed(t: ComplexType): Field[] {
    return t.fields.filter((f) => f.inEveryResponse || (f.complex !== undefined && this.names.has(f.complex)));
  }
}
