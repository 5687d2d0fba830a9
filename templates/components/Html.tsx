// Wrapper for Markdown bodies, which the model has already rendered and sanitized.
interface HtmlProps {
  html: string;
  className?: string;
}

/** A `.prose` block holding trusted HTML from content/ (rehype-sanitize ran in the model). */
export function Html({ html, className }: HtmlProps) {
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}
