import {
  booleanField,
  integerField,
  listRequestSchema,
  oneOf,
  optionalText,
  schoolStatusSchema,
  text as textField,
} from "@lms/core";

/**
 * The few input shapes the server needs beyond @lms/core's forms (an id, a list request with its
 * export columns). They are built from @lms/core's own rules and object schema, so that every
 * message is still a catalogue key.
 */
const emptyObject = schoolStatusSchema.pick({});

export const MAX_ID = 2_147_483_647;
export const idField = () => integerField(1, MAX_ID);

export const idInput = emptyObject.extend({ id: idField() });

export const listInput = <R extends Parameters<typeof listRequestSchema>[0]>(resource: R) =>
  listRequestSchema(resource).extend({ columns: optionalText({ max: 2000 }) });

export { booleanField, emptyObject, integerField, oneOf, optionalText, textField };

/** `delete { id, confirmCode? }`: the record's code, typed when its deletion needs it. */
export const deleteInput = idInput.extend({ confirmCode: optionalText({ max: 200 }) });

/** A resource's recycle bin (`trash`); elements and materials may narrow it to one course. */
export const trashInput = listInput("trash").extend({ courseId: idField().optional() });
