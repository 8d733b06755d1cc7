import * as THREE from "three";

/**
 * A soft shadow decal lying on the ground (1 x 1, facing up): an opaque core whose edges fade out through
 * per-vertex alpha. Scenes use it under characters and vehicles instead of a shadow map, which cost about
 * 40% of a frame on SwiftShader, most of it in the ground sampling the map.
 */
export function contactShadowGeometry(): THREE.BufferGeometry {
  const geometry = new THREE.PlaneGeometry(1, 1, 3, 3).rotateX(-Math.PI / 2);
  const pos = geometry.getAttribute("position");
  const rgba = new Float32Array(pos.count * 4);
  for (let i = 0; i < pos.count; i++) {
    const inner = Math.abs(pos.getX(i)) < 0.4 && Math.abs(pos.getZ(i)) < 0.4;
    if (inner) pos.setXYZ(i, Math.sign(pos.getX(i)) * 0.3, 0, Math.sign(pos.getZ(i)) * 0.3);
    rgba[i * 4 + 3] = inner ? 1 : 0;
  }
  geometry.setAttribute("color", new THREE.BufferAttribute(rgba, 4));
  return geometry;
}

export function contactShadowMaterial(opacity: number): THREE.MeshBasicMaterial {
  return new THREE.MeshBasicMaterial({ vertexColors: true, transparent: true, opacity, depthWrite: false });
}
