export { zodResolver } from "@hookform/resolvers/zod";
export { forgotPasswordSchema, loginSchema, newPasswordPairSchema } from "@lms/core";
