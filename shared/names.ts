// How a person's name is shortened where only the first name is shown (a cleaner to a customer).

/** The first word of a name ("Cara Cleaner" -> "Cara"); the whole (trimmed) name when it has one word. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
