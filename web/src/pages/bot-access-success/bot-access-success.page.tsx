/** Placeholder until this screen is built. */
export function Component() {
  return (
    <main className="center-screen">
      <h1>You're Almost There!</h1>
    </main>
  );
}
