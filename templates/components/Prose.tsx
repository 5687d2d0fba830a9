// Wrapper for Markdown bodies, which the model has already rendered and sanitized.
interface ProseProps {
  html: string;
  className?: string;
}

/** A `.prose` block holding trusted HTML from content/ (rehype-sanitize ran in the model). */
export function Prose({ html, className }: ProseProps) {
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}
