/** Placeholder until this screen is built. */
export function Component() {
  return (
    <main className="center-screen">
      <h1>Command Center</h1>
    </main>
  );
}
