/** Placeholder until this screen is built. */
export function Component() {
  return (
    <main className="center-screen">
      <h1>Elite Signal Room</h1>
    </main>
  );
}
