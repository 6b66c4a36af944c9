// A report's address split for a compact row: the host to show in bold, then the rest (path,
// query, fragment), which is cut with an ellipsis. The text is kept as the service gave it.

export interface AddressParts {
  host: string;
  rest: string;
}

const WITH_HOST = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)(.*)$/is;

export function addressParts(url: string): AddressParts {
  const match = WITH_HOST.exec(url);
  if (!match) return { host: url, rest: '' };
  return { host: match[1] ?? '', rest: match[2] ?? '' };
}
