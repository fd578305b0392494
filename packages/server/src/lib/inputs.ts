export {
  MAX_ID,
  booleanField,
  deleteInput,
  idField,
  idInput,
  integerField,
  listInput,
  oneOf,
  optionalText,
  text as textField,
  trashInput,
} from "@lms/core";
export { emptyInput as emptyObject } from "@lms/core";
