import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. Nothing resolves conflicts: a component never combines two utilities that set
 * the same property (Button's variants are built that way, and its test checks every combination),
 * and a caller's className adds to a component's look (spacing, width), it does not restyle it.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
