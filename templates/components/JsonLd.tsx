// Structured data for search engines; CSP does not execute this script type, so it needs no nonce.
interface JsonLdProps {
  data: object;
}

/** `<script type="application/ld+json">`, with `<` escaped so no content string can close the element. */
export function JsonLd({ data }: JsonLdProps) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
