// Pieces for the physics footage: a gradient backdrop and a spiral channel usable both as a mesh and as
// a physics trimesh (one set of triangles, so what the marbles roll on is exactly what is drawn).
import * as THREE from "three";

/** A dome behind everything, dark at the bottom and lighter above; vertex colours cost no texture lookups. */
export function physicsBackdrop(bottom: number, top: number): THREE.Mesh {
  const geo = new THREE.SphereGeometry(120, 24, 16);
  const lo = new THREE.Color(bottom), hi = new THREE.Color(top);
  const p = geo.getAttribute("position");
  const colors = new Float32Array(p.count * 3);
  const c = new THREE.Color();
  for (let i = 0; i < p.count; i++) {
    const k = THREE.MathUtils.smoothstep(p.getY(i) / 120, -0.3, 0.7);
    c.lerpColors(lo, hi, k).toArray(colors, i * 3);
  }
  geo.setAttribute("color", new THREE.BufferAttribute(colors, 3));
  return new THREE.Mesh(geo, new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.BackSide, fog: false, depthWrite: false }));
}

export interface HelixChannel {
  geometry: THREE.BufferGeometry;
  vertices: Float32Array;
  indices: Uint32Array;
  /** Where a marble is released (on the centre line at the top) and the way downhill there. */
  start: { x: number; y: number; z: number; vx: number; vz: number };
  /** Centre line at the open lower end. */
  exit: THREE.Vector3;
}

/**
 * A U-shaped channel spiralling down round the y axis, clockwise seen from above, starting at +x.
 * The floor tilts slightly inwards so marbles hold the line instead of riding up the outer wall.
 */
export function physicsHelixChannel(o: { radius: number; turns: number; top: number; drop: number; width: number; wall: number }): HelixChannel {
  const steps = Math.ceil(o.turns * 72);
  const end = o.turns * Math.PI * 2;
  const pos: number[] = [];
  const idx: number[] = [];
  const at = (theta: number, r: number, dy: number) => {
    const y = o.top - (o.drop * theta) / (Math.PI * 2) + dy;
    return [Math.cos(theta) * r, y, Math.sin(theta) * r];
  };
  const rin = o.radius - o.width / 2, rout = o.radius + o.width / 2;
  for (let i = 0; i <= steps; i++) {
    const th = (i / steps) * end;
    // Cross-section: inner wall top, inner floor, outer floor, outer wall top.
    pos.push(...at(th, rin, o.wall), ...at(th, rin, -0.06), ...at(th, rout, 0.04), ...at(th, rout, o.wall));
    if (i === steps) break;
    const a = i * 4, b = a + 4;
    for (let k = 0; k < 3; k++) idx.push(a + k, b + k, a + k + 1, a + k + 1, b + k, b + k + 1);
  }
  // A back stop closes the top end so released marbles can only roll one way.
  const s0 = 0, s3 = 3;
  idx.push(s0, s0 + 1, s3, s0 + 1, s0 + 2, s3);
  const vertices = new Float32Array(pos);
  const indices = new Uint32Array(idx);
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute("position", new THREE.BufferAttribute(vertices, 3));
  geometry.setIndex(new THREE.BufferAttribute(indices, 1));
  geometry.computeVertexNormals();
  const [sx, sy, sz] = at(0, o.radius, 0) as [number, number, number];
  const [ex, ey, ez] = at(end, o.radius, 0) as [number, number, number];
  return { geometry, vertices, indices, start: { x: sx, y: sy, z: sz, vx: 0, vz: 1 }, exit: new THREE.Vector3(ex, ey, ez) };
}
