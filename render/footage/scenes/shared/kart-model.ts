// A blocky go-kart with a driver: a generic racer, nobody's character.
import * as THREE from "three";
import { mergeGeometries } from "three/addons/utils/BufferGeometryUtils.js";
import { driveWheel } from "./drive-kit.ts";

const TAU = Math.PI * 2;

/** Wheels are child groups named "front"/"rear" holding a "spin" group, radius in userData.radius. */
export function kartModel(body: number, driver: number, helmet: number): THREE.Group {
  const kart = new THREE.Group();
  const paint = new THREE.MeshPhongMaterial({ color: body, shininess: 80, specular: 0x666666 });
  const dark = new THREE.MeshPhongMaterial({ color: 0x222226, shininess: 30 });
  const chrome = new THREE.MeshPhongMaterial({ color: 0xd8d8e0, shininess: 120, specular: 0xffffff });
  const suit = new THREE.MeshLambertMaterial({ color: driver });
  const skin = new THREE.MeshLambertMaterial({ color: 0xf1c27d });
  const lid = new THREE.MeshPhongMaterial({ color: helmet, shininess: 90 });
  const add = (geo: THREE.BufferGeometry, mat: THREE.Material, x: number, y: number, z: number): THREE.Mesh => {
    const m = new THREE.Mesh(geo, mat);
    m.position.set(x, y, z);
    m.castShadow = true;
    kart.add(m);
    return m;
  };
  add(new THREE.BoxGeometry(1.5, 0.28, 2.5), paint, 0, 0.42, 0); // chassis tray
  add(new THREE.BoxGeometry(1.1, 0.35, 0.9), paint, 0, 0.62, -1.05); // nose cone
  add(new THREE.BoxGeometry(1.9, 0.22, 0.35), paint, 0, 0.5, -1.45); // front bumper
  add(new THREE.BoxGeometry(1.7, 0.3, 0.3), dark, 0, 0.55, 1.35); // rear bumper
  add(new THREE.BoxGeometry(0.9, 0.55, 0.5), paint, 0, 0.85, 0.65); // seat back
  add(new THREE.BoxGeometry(0.5, 0.35, 0.5), dark, 0, 0.72, 1.05); // engine block
  for (const x of [-0.22, 0.22]) {
    const pipe = add(new THREE.CylinderGeometry(0.09, 0.11, 0.5, 8), chrome, x, 0.78, 1.35);
    pipe.rotation.x = Math.PI / 2;
  }
  add(new THREE.BoxGeometry(0.85, 0.75, 0.55), suit, 0, 1.22, 0.35); // torso
  for (const x of [-0.38, 0.38]) {
    const arm = add(new THREE.BoxGeometry(0.2, 0.2, 0.75), suit, x, 1.2, 0.0);
    arm.rotation.x = 0.35;
  }
  add(new THREE.SphereGeometry(0.3, 12, 10), skin, 0, 1.78, 0.3);
  const hel = add(new THREE.SphereGeometry(0.4, 14, 10, 0, TAU, 0, Math.PI * 0.62), lid, 0, 1.82, 0.32);
  hel.rotation.x = 0.15;
  const wheel = add(new THREE.TorusGeometry(0.28, 0.05, 6, 14), dark, 0, 1.12, -0.45);
  wheel.rotation.x = -1.0;
  // One draw per material instead of one per part: four karts of twenty parts each, drawn twice with shadows.
  const byMat = new Map<THREE.Material, THREE.BufferGeometry[]>();
  for (const part of [...kart.children] as THREE.Mesh[]) {
    part.updateMatrix();
    const geo = part.geometry.clone().applyMatrix4(part.matrix);
    const list = byMat.get(part.material as THREE.Material) ?? [];
    list.push(geo.index ? geo.toNonIndexed() : geo);
    byMat.set(part.material as THREE.Material, list);
    kart.remove(part);
  }
  for (const [mat, geos] of byMat) {
    const merged = mergeGeometries(geos.map((g) => (g.deleteAttribute("uv"), g)));
    const mesh = new THREE.Mesh(merged, mat);
    mesh.castShadow = true;
    kart.add(mesh);
  }
  const tyre = new THREE.MeshLambertMaterial({ color: 0x1b1b1b });
  const rim = new THREE.MeshPhongMaterial({ color: 0xf2f2f2, shininess: 60 });
  for (const [x, z, r, w, front] of [
    [-0.95, -0.95, 0.34, 0.38, 1],
    [0.95, -0.95, 0.34, 0.38, 1],
    [-1.0, 0.95, 0.44, 0.55, 0],
    [1.0, 0.95, 0.44, 0.55, 0],
  ] as const) {
    const wh = driveWheel(r, w, tyre, rim);
    wh.position.set(x, r, z);
    wh.name = front ? "front" : "rear";
    wh.userData.radius = r;
    kart.add(wh);
  }
  return kart;
}
