// Whether the shopkeeper has already allowed the camera: the sale opens on the camera only then (no permission
// prompt ambushes the first visit; docs/decisions.md, "The sale opens on capture").
export async function cameraAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'camera' });
    return status.state === 'granted';
  } catch {
    // A browser that cannot say (older WebViews) is treated as not allowed: the cart, one tap from the camera.
    return false;
  }
}
