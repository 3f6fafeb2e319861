/** Placeholder until this screen is built. */
export function Component() {
  return (
    <main className="center-screen">
      <h1>AI Bot Access</h1>
    </main>
  );
}
