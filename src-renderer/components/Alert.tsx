/**
 * A problem in words, announced as it appears (role="alert"); nothing when there is none.
 * `id` lets a field name it with aria-describedby; `className` places it on its screen.
 */
export function Alert({
  message,
  className,
  id,
  testId,
}: {
  message: string | null | undefined;
  className?: string;
  id?: string;
  testId?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={className} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
