export { Toaster as default } from "@lms/ui";
