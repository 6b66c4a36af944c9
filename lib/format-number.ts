// A count as people read it in their language: "12,345" in English, "12.345" in German.
export function formatNumber(value: number): string {
  return value.toLocaleString();
}
