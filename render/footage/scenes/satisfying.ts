/// <reference lib="dom" />
// "Satisfying" physics footage, simulated by Rapier (deterministic WASM build) from the seed:
// - ring-balls: glossy balls bounce inside a spinning ring with a gap; each ball that escapes through the
//   gap spawns two more in the middle, up to a cap, and falls away out of the frame.
// - marble-run: marbles released one after another roll down a spiral around a tower, drop across zigzag
//   chutes and pile up in a glass tray, the oldest lifted away so the count stays bounded.
// Crossfade loop: the simulation drifts, so the pipeline blends the rendered tail over the head. The
// camera and the ring's spin are periodic in the loop, so the blend only has the bodies to hide.
import RAPIER from "@dimforge/rapier3d-deterministic-compat";
import * as THREE from "three";
import { RoomEnvironment } from "three/addons/environments/RoomEnvironment.js";
import { seededRandom } from "../../seeded-random.ts";
import type { SceneFactory } from "../scene.ts";
import { physicsBackdrop, physicsHelixChannel } from "./shared/physics-kit.ts";

const STEP = 1 / 120; // fixed physics step, independent of the frame rate
const TAU = Math.PI * 2;

interface Ball {
  body: RAPIER.RigidBody;
  color: THREE.Color;
  radius: number;
  escaped: boolean;
  born: number;
}

const factory: SceneFactory = async (ctx) => {
  await RAPIER.init();
  const rand = seededRandom(ctx.seed);
  const marbles = ctx.variant === "marble-run";
  const T = ctx.loopSeconds;
  const renderer = ctx.renderer;
  renderer.shadowMap.enabled = true;
  // Unfiltered shadow lookups: PCF filtering cost SwiftShader a fifth of the frame, and at 540x960 the
  // hard edge barely shows.
  renderer.shadowMap.type = THREE.BasicShadowMap;

  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(38, ctx.width / ctx.height, 0.5, 200);
  // Glossy balls need something to reflect; a prefiltered room is built once at start.
  const pmrem = new THREE.PMREMGenerator(renderer);
  scene.environment = pmrem.fromScene(new RoomEnvironment(), 0.04).texture;
  pmrem.dispose();
  scene.add(physicsBackdrop(marbles ? 0x1d2a44 : 0x05030c, marbles ? 0x6d86b0 : 0x1a1033));
  scene.fog = new THREE.Fog(marbles ? 0x2a3a58 : 0x05030c, 30, 90);
  const key = new THREE.DirectionalLight(0xffffff, marbles ? 2.2 : 1.6);
  key.position.set(6, 14, 10);
  key.castShadow = true;
  key.shadow.mapSize.set(1024, 1024);
  const sc = key.shadow.camera;
  sc.left = sc.bottom = -12;
  sc.right = sc.top = 12;
  sc.near = 1;
  sc.far = 50;
  key.shadow.bias = -0.0005;
  scene.add(key, new THREE.HemisphereLight(0xbfd4ff, 0x302040, marbles ? 0.8 : 0.35));

  const world = new RAPIER.World({ x: 0, y: marbles ? -9.81 : -11, z: 0 });
  world.timestep = STEP;

  const CAP = marbles ? 34 : 36;
  const balls: Ball[] = [];
  const sphere = new THREE.SphereGeometry(1, 22, 14);
  const ballMesh = new THREE.InstancedMesh(
    sphere,
    marbles
      ? new THREE.MeshStandardMaterial({ roughness: 0.08, metalness: 0, envMapIntensity: 0.8 })
      : new THREE.MeshStandardMaterial({ roughness: 0.18, metalness: 0.1, envMapIntensity: 0.55 }),
    CAP + 24,
  );
  ballMesh.castShadow = true;
  // Colours exist before the first draw, so the shader is built with per-instance colour from the start.
  ballMesh.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array((CAP + 24) * 3), 3);
  ballMesh.count = 0;
  scene.add(ballMesh);
  let spawned = 0;
  const spawn = (x: number, y: number, z: number, vx: number, vy: number, vz: number, radius: number, t: number) => {
    // Never asleep: a resting marble would otherwise freeze and dam the channel behind it. No CCD: at
    // 1/120 s the fastest ball moves a fraction of its radius per step, and CCD doubled the step cost.
    const desc = RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, z).setLinvel(vx, vy, vz).setCanSleep(false);
    if (!marbles) desc.enabledTranslations(true, true, false).lockRotations();
    const body = world.createRigidBody(desc);
    const col = RAPIER.ColliderDesc.ball(radius)
      .setRestitution(marbles ? 0.3 : 1)
      .setFriction(marbles ? 0.05 : 0)
      .setDensity(marbles ? 2.5 : 1);
    if (!marbles) col.setRestitutionCombineRule(RAPIER.CoefficientCombineRule.Max);
    world.createCollider(col, body);
    // Golden-ratio hues: each new ball differs clearly from the last few.
    const color = new THREE.Color().setHSL((spawned * 0.618034 + 0.05) % 1, 0.95, 0.5);
    spawned++;
    balls.push({ body, color, radius, escaped: false, born: t });
  };
  const drop = (b: Ball) => {
    world.removeRigidBody(b.body);
    balls.splice(balls.indexOf(b), 1);
  };

  let stepWorld: (t: number) => void;
  let placeCamera: (t: number) => void;

  if (!marbles) {
    // The ring: a kinematic body of box segments (the gap left out), turning a whole number of times per loop.
    const R = 4.6, GAP = 0.75, SEG = 64;
    const turns = Math.max(1, Math.round(T * 0.22));
    const ring = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(0, 1.5, 0));
    for (let i = 0; i < SEG; i++) {
      const a = ((i + 0.5) / SEG) * TAU;
      if (a < GAP) continue;
      const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 0, 1), a + Math.PI / 2);
      world.createCollider(
        RAPIER.ColliderDesc.cuboid((Math.PI * R) / SEG + 0.03, 0.2, 1)
          .setTranslation(Math.cos(a) * (R + 0.2), Math.sin(a) * (R + 0.2), 0)
          .setRotation({ x: q.x, y: q.y, z: q.z, w: q.w })
          .setRestitution(1)
          .setFriction(0),
        ring,
      );
    }
    const ringMat = new THREE.MeshStandardMaterial({ color: 0x222222, emissive: 0x9a6bff, emissiveIntensity: 1.4, roughness: 0.3, envMapIntensity: 0.3 });
    const ringMesh = new THREE.Mesh(new THREE.TorusGeometry(R + 0.2, 0.2, 12, 120, TAU - GAP), ringMat);
    ringMesh.rotation.z = GAP;
    const ringPivot = new THREE.Group();
    ringPivot.position.set(0, 1.5, 0);
    ringPivot.add(ringMesh);
    ringMesh.castShadow = true;
    scene.add(ringPivot);
    const glow = new THREE.Mesh(
      new THREE.TorusGeometry(R + 0.2, 0.55, 8, 120, TAU - GAP),
      new THREE.MeshBasicMaterial({ color: 0x7b4dff, transparent: true, opacity: 0.18, blending: THREE.AdditiveBlending, depthWrite: false }),
    );
    ringMesh.add(glow);
    const angle = (t: number) => -(turns * TAU * t) / T;
    // A back wall catches the shadows, so the ring and balls sit in a space rather than on a flat colour.
    const wall = new THREE.Mesh(new THREE.PlaneGeometry(60, 60), new THREE.MeshLambertMaterial({ color: 0x120c22 }));
    wall.position.z = -3;
    wall.receiveShadow = true;
    scene.add(wall);
    for (let k = 0; k < 6; k++) {
      const a = (k / 6) * TAU + rand();
      spawn(Math.cos(a) * 1.5, 1.5 + Math.sin(a) * 1.5, 0, 3 + rand() * 3, 2 + rand() * 3, 0, 0.3 + rand() * 0.14, 0);
    }
    let sim = 0;
    stepWorld = (t) => {
      while (sim + STEP <= t + 1e-9) {
        sim += STEP;
        const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 0, 1), angle(sim));
        ring.setNextKinematicRotation({ x: q.x, y: q.y, z: q.z, w: q.w });
        world.step();
        for (const b of [...balls]) {
          const p = b.body.translation();
          const inside = balls.filter((o) => !o.escaped).length;
          if (!b.escaped && Math.hypot(p.x, p.y - 1.5) > R + 0.9) {
            b.escaped = true;
            // One out, two in: the ring fills up until the cap, then only replaces what it loses.
            for (let k = 0; k < 2 && inside - 1 + k < CAP; k++) {
              const a = rand() * TAU, v = 4 + rand() * 3;
              spawn(Math.cos(a) * 0.6, 1.5 + Math.sin(a) * 0.6, 0, Math.cos(a) * v, Math.sin(a) * v, 0, 0.3 + rand() * 0.14, sim);
            }
          }
          if (p.y < -14) drop(b);
        }
      }
      ringPivot.rotation.z = angle(sim);
      ringMat.emissive.setHSL((0.75 + 0.15 * Math.sin((TAU * t) / T)) % 1, 1, 0.55);
    };
    placeCamera = (t) => {
      const sway = 0.18 * Math.sin((TAU * t) / T);
      camera.position.set(Math.sin(sway) * 30, 1.2 + 1.5 * Math.cos((TAU * t) / T), Math.cos(sway) * 30);
      camera.lookAt(0, -0.6, 0);
    };
  } else {
    // A spiral round a tower, three zigzag chutes under its exit, and a glass tray at the bottom.
    // Phong and Lambert on the big surfaces: SwiftShader pays per pixel, and PBR only matters on the marbles.
    const trackMat = new THREE.MeshPhongMaterial({ color: 0xf2a33a, shininess: 60, specular: 0x553311 });
    const chuteMat = new THREE.MeshPhongMaterial({ color: 0x36a6e8, shininess: 60, specular: 0x224466 });
    trackMat.side = THREE.DoubleSide;
    const helix = physicsHelixChannel({ radius: 3, turns: 2.25, top: 11.5, drop: 2.6, width: 1.1, wall: 0.5 });
    const helixMesh = new THREE.Mesh(helix.geometry, trackMat);
    helixMesh.castShadow = helixMesh.receiveShadow = true;
    scene.add(helixMesh);
    // Without internal-edge fixing a marble knocks on every seam between triangles and crawls.
    world.createCollider(RAPIER.ColliderDesc.trimesh(helix.vertices, helix.indices, RAPIER.TriMeshFlags.FIX_INTERNAL_EDGES).setFriction(0.02).setRestitution(0.2), world.createRigidBody(RAPIER.RigidBodyDesc.fixed()));
    const tower = new THREE.Mesh(new THREE.CylinderGeometry(2.1, 2.3, 12.5, 24), new THREE.MeshLambertMaterial({ color: 0x7a5a44 }));
    tower.position.y = 5.6;
    tower.castShadow = tower.receiveShadow = true;
    scene.add(tower);
    world.createCollider(RAPIER.ColliderDesc.cylinder(6.25, 2.3).setTranslation(0, 5.6, 0));

    const fixed = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
    const slab = (w: number, h: number, d: number, pos: THREE.Vector3, rotZ: number, mat: THREE.Material, visible = true) => {
      const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(0, 0, rotZ));
      world.createCollider(
        RAPIER.ColliderDesc.cuboid(w / 2, h / 2, d / 2).setTranslation(pos.x, pos.y, pos.z).setRotation({ x: q.x, y: q.y, z: q.z, w: q.w }).setFriction(0.05).setRestitution(0.2),
        fixed,
      );
      if (!visible) return;
      const m = new THREE.Mesh(new THREE.BoxGeometry(w, h, d), mat);
      m.position.copy(pos);
      m.quaternion.copy(q);
      m.castShadow = m.receiveShadow = true;
      scene.add(m);
    };
    // Chutes run along x in front of the tower, alternating direction; each one reaches past the end of
    // the one above, whose marbles land against its back stop.
    const glass = new THREE.MeshPhongMaterial({ color: 0xcfe8ff, shininess: 90, transparent: true, opacity: 0.22, depthWrite: false });
    const exit = helix.exit;
    const chuteZ = exit.z;
    const tilt = 0.16, len = 4.5;
    let y = exit.y - 0.9, dir = -1, x = exit.x + 0.5;
    for (let k = 0; k < 4; k++) {
      const cx = x + (dir * len) / 2;
      const cy = y - (Math.tan(tilt) * len) / 2;
      const rot = -dir * tilt; // the far end (x + dir*len) is lower
      slab(len, 0.16, 1.1, new THREE.Vector3(cx, cy, chuteZ), rot, chuteMat);
      // A tall board behind and a clear guard in front keep marbles that bounce off the back walls in the chute.
      slab(len, 1.3, 0.08, new THREE.Vector3(cx, cy + 0.6, chuteZ - 0.6), rot, chuteMat);
      slab(len, 0.9, 0.08, new THREE.Vector3(cx, cy + 0.4, chuteZ + 0.6), rot, glass);
      // A tall back wall: marbles flying off the chute above hit it and drop onto this one. The first
      // stays low, under the spiral's last turn, which reaches over it.
      slab(0.16, k ? 2.2 : 0.7, 1.1, new THREE.Vector3(x - dir * 0.1, y + (k ? 1.0 : 0.2), chuteZ), 0, chuteMat);
      x += dir * len;
      y -= Math.tan(tilt) * len + 1.05;
      if (k < 3) x += dir * 1.3;
      dir = -dir;
    }
    // Glass tray under the last chute's end, reaching back beneath it: open top, clear walls.
    const trayY = y - 0.3, trayX = x - dir * 1.2, TW = 7;
    slab(TW, 0.2, 2.4, new THREE.Vector3(trayX, trayY, chuteZ), 0, new THREE.MeshLambertMaterial({ color: 0x2b2f3a }));
    for (const sx of [-TW / 2, TW / 2]) slab(0.12, 1.6, 2.4, new THREE.Vector3(trayX + sx, trayY + 0.8, chuteZ), 0, glass);
    for (const sz of [-1.2, 1.2]) slab(TW, 1.6, 0.12, new THREE.Vector3(trayX, trayY + 0.8, chuteZ + sz), 0, glass);
    const floor = new THREE.Mesh(new THREE.PlaneGeometry(80, 80).rotateX(-Math.PI / 2), new THREE.MeshLambertMaterial({ color: 0x3a4660 }));
    floor.position.y = trayY - 0.1;
    floor.receiveShadow = true;
    scene.add(floor);
    slab(80, 1, 80, new THREE.Vector3(0, trayY - 0.6, 0), 0, chuteMat, false);
    tower.position.y = (11.9 + trayY) / 2;
    tower.scale.y = (11.9 - trayY) / 12.5;

    const every = 0.5;
    let sim = 0;
    let nextDrop = 0;
    stepWorld = (t) => {
      while (sim + STEP <= t + 1e-9) {
        sim += STEP;
        if (sim >= nextDrop) {
          nextDrop += every;
          const s = helix.start;
          spawn(s.x, s.y + 0.4, s.z, s.vx * 1.5, 0, s.vz * 1.5, 0.24 + rand() * 0.06, sim);
          // The oldest marble in the tray is lifted out, so the tray never overflows.
          if (balls.length > CAP) drop(balls[0]!);
        }
        world.step();
        for (const b of [...balls]) if (b.body.translation().y < trayY - 6) drop(b);
      }
    };
    placeCamera = (t) => {
      const a = 0.5 * Math.sin((TAU * t) / T);
      camera.position.set(Math.sin(a) * 25 - 0.6, 6.5 + 1.2 * Math.sin((2 * TAU * t) / T), Math.cos(a) * 25 + 2);
      camera.lookAt(-0.6, 4.3, 1.5);
    };
  }

  // Warm-up: the clip opens on a running machine (a full ring, marbles all along the run), so the
  // crossfade blends like with like instead of a full scene over an empty one.
  const WARM = marbles ? 18 : 14;
  stepWorld(WARM);

  const m4 = new THREE.Matrix4();
  const scale = new THREE.Vector3();
  const qq = new THREE.Quaternion();
  const update = (t: number) => {
    stepWorld(t + WARM);
    balls.forEach((b, i) => {
      const p = b.body.translation();
      const r = b.body.rotation();
      qq.set(r.x, r.y, r.z, r.w);
      m4.compose(new THREE.Vector3(p.x, p.y, p.z), qq, scale.setScalar(b.radius));
      ballMesh.setMatrixAt(i, m4);
      ballMesh.setColorAt(i, b.color);
    });
    ballMesh.count = balls.length;
    ballMesh.instanceMatrix.needsUpdate = true;
    if (ballMesh.instanceColor) ballMesh.instanceColor.needsUpdate = true;
    placeCamera(t);
  };

  return { scene, camera, update, loop: { kind: "crossfade", crossfadeSeconds: 2 } };
};

export default factory;
