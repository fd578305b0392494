import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind classes win (a consumer's `className` last). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
