import * as THREE from "three";

/**
 * A generic character made of boxes (head, torso, arms, legs), the kind every block game and runner
 * uses. Limbs hang from pivots at the shoulders and hips so a pose is only a few rotations; the feet
 * stand at the group's origin and it faces -z.
 */
export interface BlockyFigureOptions {
  skin: number;
  shirt: number;
  pants: number;
  shoes: number;
  /** Head-to-body ratio: 1 for a runner, larger for the big-headed block avatar. */
  headScale?: number;
  /** Short sleeves show skin on the forearms. */
  sleeves?: "long" | "short";
  hair?: number;
  cap?: number;
  backpack?: number;
  face?: THREE.Texture;
}

export interface BlockyPose {
  /** Stride phase in radians; one full turn is two steps. */
  phase: number;
  /** 0 standing, 1 full running stride. */
  stride: number;
  /** 0 on the ground, 1 tucked in the air. */
  air: number;
  /** Lean forward in radians. */
  lean?: number;
}

export interface BlockyFigure {
  root: THREE.Group;
  pose(p: BlockyPose): void;
}

export function blockyFigure(o: BlockyFigureOptions): BlockyFigure {
  const root = new THREE.Group();
  const body = new THREE.Group();
  root.add(body);
  const mat = (color: number) => new THREE.MeshLambertMaterial({ color });
  const box = (w: number, h: number, d: number, material: THREE.Material | THREE.Material[], parent: THREE.Object3D) => {
    const m = new THREE.Mesh(new THREE.BoxGeometry(w, h, d), material);
    parent.add(m);
    return m;
  };
  const hs = o.headScale ?? 1;
  const legH = 0.82, torsoH = 0.78, torsoW = 0.62, depth = 0.34, limbW = 0.27;
  const hipY = legH, shoulderY = legH + torsoH - 0.06;

  const torso = box(torsoW, torsoH, depth, mat(o.shirt), body);
  torso.position.y = legH + torsoH / 2;

  const headSize = 0.44 * hs;
  const skin = mat(o.skin);
  const faceMat = o.face ? new THREE.MeshLambertMaterial({ color: o.skin, map: o.face }) : skin;
  // BoxGeometry face order is +x, -x, +y, -y, +z, -z; the figure looks towards -z.
  const head = box(headSize * 1.05, headSize, headSize, [skin, skin, skin, skin, skin, faceMat], body);
  head.position.y = legH + torsoH + headSize / 2 + 0.03;
  if (o.hair !== undefined) {
    const hair = box(headSize * 1.12, headSize * 0.3, headSize * 1.1, mat(o.hair), head);
    hair.position.set(0, headSize * 0.42, 0.02);
  }
  if (o.cap !== undefined) {
    const cap = box(headSize * 1.14, headSize * 0.28, headSize * 1.12, mat(o.cap), head);
    cap.position.set(0, headSize * 0.5, 0);
    const brim = box(headSize * 0.9, headSize * 0.08, headSize * 0.5, mat(o.cap), head);
    // the cap is worn backwards: the brim shows to the camera behind the runner
    brim.position.set(0, headSize * 0.4, headSize * 0.7);
  }
  if (o.backpack !== undefined) {
    const pack = box(torsoW * 0.8, torsoH * 0.7, 0.24, mat(o.backpack), body);
    pack.position.set(0, legH + torsoH * 0.5, depth / 2 + 0.12);
  }

  const limb = (x: number, y: number, h: number, upper: number, lower: number, lowerH: number) => {
    const pivot = new THREE.Group();
    pivot.position.set(x, y, 0);
    body.add(pivot);
    const top = box(limbW, h - lowerH, limbW, mat(upper), pivot);
    top.position.y = -(h - lowerH) / 2;
    const end = box(limbW * 1.02, lowerH, limbW * 1.02, mat(lower), pivot);
    end.position.y = -h + lowerH / 2;
    return pivot;
  };
  const armH = torsoH * 0.95;
  const armSkin = o.sleeves === "short" ? armH * 0.55 : 0.16;
  const armX = torsoW / 2 + limbW / 2 + 0.01;
  const armL = limb(-armX, shoulderY, armH, o.shirt, o.skin, armSkin);
  const armR = limb(armX, shoulderY, armH, o.shirt, o.skin, armSkin);
  const legX = torsoW / 4;
  const legL = limb(-legX, hipY, legH, o.pants, o.shoes, 0.16);
  const legR = limb(legX, hipY, legH, o.pants, o.shoes, 0.16);

  return {
    root,
    pose({ phase, stride, air, lean = 0 }) {
      const swing = Math.sin(phase) * 0.9 * stride * (1 - air);
      legL.rotation.x = swing + air * 0.9;
      legR.rotation.x = -swing + air * 0.2;
      armL.rotation.x = -swing * 0.9 - air * 2.4;
      armR.rotation.x = swing * 0.9 - air * 2.4;
      armL.rotation.z = -air * 0.25;
      armR.rotation.z = air * 0.25;
      // a running body bobs twice per stride cycle
      body.position.y = Math.abs(Math.cos(phase)) * 0.07 * stride * (1 - air);
      body.rotation.x = -lean;
    },
  };
}
