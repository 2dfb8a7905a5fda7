/** A failure said at once (role="alert"); nothing when there is none. */
export default function ErrorAlert({ message, small = false }: { message: string | null; small?: boolean }) {
  if (!message) return null;
  return (
    <p role="alert" className={`${small ? 'text-sm ' : ''}font-semibold text-danger`}>
      {message}
    </p>
  );
}
