// Whether this browser can draw with WebGL (sigma.js needs it; without it the views draw SVG).
export function hasWebGl(): boolean {
  try {
    const c = document.createElement('canvas');
    return Boolean(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}
