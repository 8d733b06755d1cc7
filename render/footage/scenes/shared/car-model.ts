// Generic road cars for the city scene: a detailed player car and a cheap instanced traffic car.
import * as THREE from "three";
import { mergeGeometries } from "three/addons/utils/BufferGeometryUtils.js";
import { driveWheel } from "./drive-kit.ts";

/** A box whose top face is pulled in, so a cabin reads as a car's glasshouse and not a crate. */
function taperedBox(w: number, h: number, l: number, topW: number, topL: number, shiftZ: number): THREE.BufferGeometry {
  const g = new THREE.BoxGeometry(w, h, l);
  const p = g.getAttribute("position") as THREE.BufferAttribute;
  for (let i = 0; i < p.count; i++) {
    if (p.getY(i) > 0) {
      p.setX(i, p.getX(i) * topW);
      p.setZ(i, p.getZ(i) * topL + shiftZ);
    }
  }
  g.computeVertexNormals();
  return g;
}

interface Part {
  geo: THREE.BufferGeometry;
  at: [number, number, number];
  kind: "paint" | "glass" | "dark" | "tail" | "head" | "plate";
}

/** A sedan about 4.6 m long, nose towards -z, wheels on the ground at y = 0. */
function carParts(): Part[] {
  return [
    { geo: taperedBox(1.9, 0.62, 4.6, 0.97, 0.98, 0), at: [0, 0.62, 0], kind: "paint" },
    { geo: taperedBox(1.72, 0.58, 2.4, 0.78, 0.62, 0.12), at: [0, 1.2, 0.15], kind: "glass" },
    { geo: new THREE.BoxGeometry(1.5, 0.05, 1.3), at: [0, 1.5, 0.28], kind: "paint" },
    { geo: new THREE.BoxGeometry(1.94, 0.22, 0.2), at: [0, 0.42, 2.28], kind: "dark" },
    { geo: new THREE.BoxGeometry(1.94, 0.22, 0.2), at: [0, 0.42, -2.28], kind: "dark" },
    { geo: new THREE.BoxGeometry(0.5, 0.16, 0.06), at: [-0.62, 0.78, 2.31], kind: "tail" },
    { geo: new THREE.BoxGeometry(0.5, 0.16, 0.06), at: [0.62, 0.78, 2.31], kind: "tail" },
    { geo: new THREE.BoxGeometry(0.42, 0.14, 0.06), at: [-0.62, 0.74, -2.31], kind: "head" },
    { geo: new THREE.BoxGeometry(0.42, 0.14, 0.06), at: [0.62, 0.74, -2.31], kind: "head" },
    { geo: new THREE.BoxGeometry(0.52, 0.13, 0.04), at: [0, 0.58, 2.39], kind: "plate" },
  ];
}

const WHEELS: [number, number][] = [[-0.86, -1.45], [0.86, -1.45], [-0.86, 1.4], [0.86, 1.4]];

function merged(parts: Part[], kinds: Part["kind"][], colors?: Record<string, THREE.Color>): THREE.BufferGeometry {
  const geos = parts
    .filter((p) => kinds.includes(p.kind))
    .map((p) => {
      const g = p.geo.clone().translate(...p.at);
      g.deleteAttribute("uv");
      if (colors) {
        const c = colors[p.kind]!;
        const n = g.getAttribute("position").count;
        g.setAttribute("color", new THREE.Float32BufferAttribute(new Array(n).fill(0).flatMap(() => [c.r, c.g, c.b]), 3));
      }
      return g.index ? g.toNonIndexed() : g;
    });
  return mergeGeometries(geos);
}

/** The player's car: paint, glass, trim and lights, with spinning wheels (children named "wheel"). */
export function playerCar(paint: number, night: boolean): THREE.Group {
  const car = new THREE.Group();
  const parts = carParts();
  const mats: [Part["kind"][], THREE.Material][] = [
    [["paint"], new THREE.MeshPhongMaterial({ color: paint, shininess: 110, specular: 0x888888 })],
    [["glass"], new THREE.MeshPhongMaterial({ color: 0x151c24, shininess: 140, specular: 0xaaaaaa })],
    [["dark"], new THREE.MeshLambertMaterial({ color: 0x1d1d20 })],
    [["tail"], new THREE.MeshBasicMaterial({ color: night ? 0xff2a1a : 0xc81810 })],
    [["head"], new THREE.MeshBasicMaterial({ color: night ? 0xfff6dd : 0xd9dde0 })],
    [["plate"], new THREE.MeshLambertMaterial({ color: 0xf2f2ea })],
  ];
  for (const [kinds, mat] of mats) {
    const mesh = new THREE.Mesh(merged(parts, kinds), mat);
    mesh.castShadow = true;
    car.add(mesh);
  }
  const tyre = new THREE.MeshLambertMaterial({ color: 0x151515 });
  const rim = new THREE.MeshPhongMaterial({ color: 0xb8bcc4, shininess: 90 });
  for (const [x, z] of WHEELS) {
    const w = driveWheel(0.36, 0.28, tyre, rim);
    w.position.set(x, 0.36, z);
    w.name = "wheel";
    car.add(w);
  }
  return car;
}

/**
 * Traffic drawn as three instanced meshes for every car at once: the body (tinted per instance),
 * the trim with its own colours, and the lights (unlit, so they glow at night).
 */
export function trafficFleet(count: number, night: boolean): { meshes: THREE.InstancedMesh[]; body: THREE.InstancedMesh } {
  const parts = carParts();
  const wheelGeos = WHEELS.map(([x, z]) => ({
    geo: new THREE.CylinderGeometry(0.36, 0.36, 0.26, 10).rotateZ(Math.PI / 2),
    at: [x, 0.36, z] as [number, number, number],
    kind: "dark" as const,
  }));
  const colors = {
    glass: new THREE.Color(0x1a2129),
    dark: new THREE.Color(0x1b1b1e),
    plate: new THREE.Color(0xeeeeee),
    tail: new THREE.Color(night ? 0xff2a1a : 0xb01510),
    head: new THREE.Color(night ? 0xfff2d0 : 0xd5d8dc),
  };
  const body = new THREE.InstancedMesh(merged(parts, ["paint"]), new THREE.MeshPhongMaterial({ color: 0xffffff, shininess: 90, specular: 0x666666 }), count);
  const trim = new THREE.InstancedMesh(
    merged([...parts, ...wheelGeos], ["glass", "dark", "plate"], colors),
    new THREE.MeshLambertMaterial({ vertexColors: true }),
    count,
  );
  const lights = new THREE.InstancedMesh(merged(parts, ["tail", "head"], colors), new THREE.MeshBasicMaterial({ vertexColors: true }), count);
  body.castShadow = trim.castShadow = true;
  return { meshes: [body, trim, lights], body };
}
