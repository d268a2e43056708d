/**
 * Loads a third party's script once (a sign-in provider's SDK), when a feature first needs it, instead of
 * putting it into every page. Rejects when it does not load (offline, blocked).
 */
const loaded = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let loading = loaded.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`${src} did not load`));
      };
      document.head.append(script);
    });
    loaded.set(src, loading);
  }
  return loading;
}
