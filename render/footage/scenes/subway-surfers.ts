import * as THREE from "three";
import { seededRandom } from "../../seeded-random.ts";
import type { SceneFactory } from "../scene.ts";
import { blockyFigure } from "./shared/blocky-figure.ts";
import { bakeVertexLight, litColor } from "./shared/baked-light.ts";
import { contactShadowGeometry, contactShadowMaterial } from "./shared/contact-shadow.ts";
import { canvasTexture, skyDome, smoothstep, wrap } from "./shared/canvas-texture.ts";
import { PALETTES, graffitiWall, groundTexture, trainTextures, windowsTexture } from "./subway-surfers/look.ts";

/**
 * Endless runner on three rail lanes, seen from behind. The runner stays at z = 0 and the world scrolls
 * towards the camera. Every object sits on a ring of P = speed * loopSeconds units, so after one loop each
 * one is back where it started; the dressing that repeats (sleepers, walls, poles) has periods dividing P.
 * The runner's lane changes and jumps follow a timetable that repeats every loop, and the trains, barriers
 * and coins are placed from that timetable: trains only where the runner is not, a barrier under every
 * jump, coin lines along the runner's path (collected as they reach it).
 */

const LANE = 3;
const laneCenter = (lane: number) => (lane - 1) * LANE;

const factory: SceneFactory = (ctx) => {
  const rand = seededRandom(ctx.seed);
  const p = PALETTES[ctx.variant] ?? PALETTES.rails!;
  const sunset = ctx.variant === "subway-dash";
  const L = ctx.loopSeconds;
  const P = Math.max(256, Math.round((16 * L) / 64) * 64);
  const speed = P / L;
  const BEHIND = 40;

  const scene = new THREE.Scene();
  const sky = skyDome(p.sky, 175);
  sky.position.set(0, 0, 5);
  scene.add(sky);
  scene.fog = new THREE.Fog(p.fog, 45, 150);
  const camera = new THREE.PerspectiveCamera(62, ctx.width / ctx.height, 0.3, 190);

  // the lights shade the runner; everything else bakes the same lighting into unlit materials
  const flat = (color: number) => new THREE.MeshBasicMaterial({ color, vertexColors: true });
  const lit = <G extends THREE.BufferGeometry>(g: G) => bakeVertexLight(g, p);
  scene.add(new THREE.HemisphereLight(p.hemiSky, p.hemiGround, p.hemiIntensity));
  const sun = new THREE.DirectionalLight(p.sun, p.sunIntensity);
  sun.position.set(p.sunDir[0] * 30, p.sunDir[1] * 30, p.sunDir[2] * 30 - 15);
  sun.target.position.set(0, 0, -15);
  scene.add(sun, sun.target);

  // --- the runner's timetable: lane changes and jumps, repeating every loop ---
  const events: Array<{ t: number; lane: number }> = [];
  let lane = 1;
  for (let t = 0.9 + rand() * 0.6; t < L - 1.2; t += 1.1 + rand() * 1.3) {
    const next = lane === 1 ? (rand() < 0.5 ? 0 : 2) : rand() < 0.8 ? 1 : 2 - lane;
    events.push({ t, lane: next });
    lane = next;
  }
  if (lane !== 1) events.push({ t: L - 0.5, lane: 1 });
  const TURN = 0.32;
  const laneX = (time: number) => {
    const t = wrap(time, L);
    let k = events.length - 1;
    let tk = (events[k]?.t ?? 0) - L;
    for (let i = 0; i < events.length; i++) if (events[i]!.t <= t) (k = i), (tk = events[i]!.t);
    const to = events[k]?.lane ?? 1;
    const from = events[(k - 1 + events.length) % events.length]?.lane ?? 1;
    return laneCenter(from) + (laneCenter(to) - laneCenter(from)) * smoothstep(0, TURN, t - tk);
  };
  const jumps: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const a = events[i]!.t + TURN + 0.15, b = (events[i + 1]?.t ?? L) - 0.9;
    if (b > a && rand() < 0.6) jumps.push(a + rand() * (b - a));
  }
  const JUMP = 0.78, JUMP_H = 1.9;
  const jumpH = (time: number) => {
    const t = wrap(time, L);
    for (const j of jumps) if (t >= j && t < j + JUMP) return 4 * JUMP_H * ((t - j) / JUMP) * (1 - (t - j) / JUMP);
    return 0;
  };
  // where an object must sit to reach the runner at time tp: distance ahead at time t
  const ahead = (tp: number, t: number) => wrap(speed * (tp - t) + BEHIND, P) - BEHIND;

  // --- ground, rails, walls ---
  const groundTex = groundTexture(p, rand);
  groundTex.repeat.set(1, 200 / 4);
  const ground = new THREE.Mesh(new THREE.PlaneGeometry(13, 200), new THREE.MeshBasicMaterial({ map: groundTex, color: litColor(p, new THREE.Vector3(0, 1, 0)) }));
  ground.rotation.x = -Math.PI / 2;
  ground.position.z = -100 + 20;
  scene.add(ground);

  const rails = new THREE.InstancedMesh(
    lit(new THREE.BoxGeometry(0.14, 0.2, 200)),
    flat(0xb8b8c0),
    6,
  );
  const m4 = new THREE.Matrix4();
  for (let i = 0; i < 6; i++) {
    rails.setMatrixAt(i, m4.makeTranslation(laneCenter(Math.floor(i / 2)) + (i % 2 ? 0.75 : -0.75), 0.1, -80));
  }
  scene.add(rails);

  const wallTex = graffitiWall(p, rand);
  const WALL_LEN = 32;
  const walls: THREE.Texture[] = [];
  for (const side of [-1, 1]) {
    const tex = wallTex.clone();
    tex.repeat.set(200 / WALL_LEN, 1);
    walls.push(tex);
    const wall = new THREE.Mesh(new THREE.PlaneGeometry(200, 4), new THREE.MeshBasicMaterial({ map: tex, color: litColor(p, new THREE.Vector3(-side, 0, 0)) }));
    wall.rotation.y = -side * (Math.PI / 2);
    wall.position.set(side * 6.5, 2, -80);
    const cap = new THREE.Mesh(lit(new THREE.BoxGeometry(0.8, 0.35, 200)), flat(0x8d8a84));
    cap.position.set(side * 6.8, 4.1, -80);
    scene.add(wall, cap);
  }

  // --- buildings behind the walls, on the ring ---
  const buildingMeshes: Array<{ mesh: THREE.InstancedMesh; items: Array<{ s: number; x: number; w: number; d: number }> }> = [];
  for (const floors of [3, 5, 8]) {
    const items: Array<{ s: number; x: number; w: number; d: number }> = [];
    for (let s = rand() * 10; s < P; s += 14 + rand() * 16) {
      const side = rand() < 0.5 ? -1 : 1;
      items.push({ s, x: side * (12 + rand() * 8), w: 6 + rand() * 5, d: 8 + rand() * 6 });
    }
    const tex = windowsTexture(floors);
    const mesh = new THREE.InstancedMesh(lit(new THREE.BoxGeometry(1, 1, 1)), new THREE.MeshBasicMaterial({ map: tex, vertexColors: true }), items.length);
    items.forEach((_, i) => mesh.setColorAt(i, new THREE.Color(p.buildings[Math.floor(rand() * p.buildings.length)]!)));
    mesh.frustumCulled = false;
    buildingMeshes.push({ mesh, items });
    scene.add(mesh);
  }

  // --- repeating trackside dressing: poles every 16 units, bridges (dusk) every 64 ---
  const dressing = new THREE.Group();
  scene.add(dressing);
  const poleMat = flat(sunset ? 0x3b3444 : 0x6a7480);
  const poleCount = Math.ceil(208 / 16) * 2;
  const poles = new THREE.InstancedMesh(lit(new THREE.BoxGeometry(0.3, 6.5, 0.3)), poleMat, poleCount);
  const arms = new THREE.InstancedMesh(lit(new THREE.BoxGeometry(2.2, 0.2, 0.2)), poleMat, poleCount);
  const lamps = new THREE.InstancedMesh(
    new THREE.BoxGeometry(0.7, 0.25, 0.45),
    new THREE.MeshBasicMaterial({ color: sunset ? 0xffe6a0 : 0xe8eef0 }),
    poleCount,
  );
  for (let i = 0; i < poleCount; i++) {
    const side = i % 2 ? 1 : -1, z = 16 - Math.floor(i / 2) * 16;
    poles.setMatrixAt(i, m4.makeTranslation(side * 5.9, 3.25, z));
    arms.setMatrixAt(i, m4.makeTranslation(side * 4.9, 6.4, z));
    lamps.setMatrixAt(i, m4.makeTranslation(side * 4.1, 6.25, z));
  }
  dressing.add(poles, arms, lamps);
  if (sunset) {
    const bridgeMat = flat(0x4a3f55);
    for (let z = 0; z > -200; z -= 64) {
      const deck = new THREE.Mesh(lit(new THREE.BoxGeometry(16, 0.9, 3.2)), bridgeMat);
      deck.position.set(0, 9.6, z - 30);
      const rail = new THREE.Mesh(lit(new THREE.BoxGeometry(16, 0.8, 0.2)), flat(0xd9534f));
      rail.position.set(0, 10.5, z - 28.5);
      dressing.add(deck, rail);
    }
  }

  // --- trains, placed in the lanes the runner leaves free ---
  const STEP = 0.05, samples = Math.ceil(L / STEP);
  const busy = [0, 1, 2].map((ln) =>
    Array.from({ length: samples }, (_, i) => Math.abs(laneX(i * STEP) - laneCenter(ln)) < 2.6),
  );
  const free = (ln: number, t0: number, t1: number) => {
    for (let t = t0; t <= t1; t += STEP) if (busy[ln]![Math.floor(wrap(t, L) / STEP) % samples]) return false;
    return true;
  };
  const claim = (ln: number, t0: number, t1: number) => {
    for (let t = t0; t <= t1; t += STEP) busy[ln]![Math.floor(wrap(t, L) / STEP) % samples] = true;
  };
  const CAR = 11;
  const cars: Array<{ tp: number; lane: number; color: THREE.Color }> = [];
  for (let attempt = 0; attempt < 60; attempt++) {
    const ln = Math.floor(rand() * 3), tf = rand() * L, n = 1 + Math.floor(rand() * 3);
    const span = (n * (CAR + 0.4)) / speed;
    if (!free(ln, tf - 0.45, tf + span + 0.45)) continue;
    claim(ln, tf - 0.45, tf + span + 0.45);
    const color = new THREE.Color(p.trains[Math.floor(rand() * p.trains.length)]!);
    for (let c = 0; c < n; c++) cars.push({ tp: tf + (c * (CAR + 0.4)) / speed, lane: ln, color });
  }
  const tt = trainTextures();
  const trainMats = [tt.side, tt.side, tt.roof, tt.roof, tt.front, tt.front].map((map) => new THREE.MeshBasicMaterial({ map, vertexColors: true }));
  const trains = new THREE.InstancedMesh(lit(new THREE.BoxGeometry(2.5, 3.3, CAR)), trainMats, cars.length);
  cars.forEach((c, i) => trains.setColorAt(i, c.color));
  // instances move every frame; a bounding sphere computed once would cull them wrongly
  trains.frustumCulled = false;
  scene.add(trains);

  // --- barriers under the jumps, and a few in free lanes ---
  const barrierAt: Array<{ tp: number; x: number }> = jumps.map((j) => ({ tp: j + JUMP * 0.45, x: laneX(j + JUMP * 0.45) }));
  for (let attempt = 0; attempt < 20; attempt++) {
    const ln = Math.floor(rand() * 3), tp = rand() * L;
    if (free(ln, tp - 0.3, tp + 0.3)) claim(ln, tp - 0.3, tp + 0.3), barrierAt.push({ tp, x: laneCenter(ln) });
  }
  const stripes = canvasTexture(128, 32, (g, w, h) => {
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, w, h);
    g.fillStyle = "#e53935";
    for (let x = -32; x < w; x += 32) {
      g.beginPath();
      g.moveTo(x, h);
      g.lineTo(x + 16, 0);
      g.lineTo(x + 32, 0);
      g.lineTo(x + 16, h);
      g.fill();
    }
  });
  const boards = new THREE.InstancedMesh(lit(new THREE.BoxGeometry(2.4, 0.55, 0.18)), new THREE.MeshBasicMaterial({ map: stripes, vertexColors: true }), barrierAt.length);
  const legGeo = lit(new THREE.BoxGeometry(0.14, 1.1, 0.14));
  const legs = new THREE.InstancedMesh(legGeo, flat(0x444444), barrierAt.length * 2);
  boards.frustumCulled = legs.frustumCulled = false;
  scene.add(boards, legs);

  // --- coins along the runner's path ---
  const coinTimes: number[] = [];
  for (let t = 0.5 + rand(); t < L - 0.3; ) {
    const count = 6 + Math.floor(rand() * 8);
    for (let i = 0; i < count && t < L - 0.3; i++, t += 2.4 / speed) coinTimes.push(t);
    t += 0.8 + rand() * 1.6;
  }
  const coins = new THREE.InstancedMesh(
    // coins glow like pickups: lit as if the sky were twice as bright, so they never go dull at dusk
    bakeVertexLight(new THREE.CylinderGeometry(0.42, 0.42, 0.1, 18).rotateX(Math.PI / 2), { ...p, hemiIntensity: p.hemiIntensity * 2.2 }),
    flat(0xffd23a),
    coinTimes.length,
  );
  coins.frustumCulled = false;
  scene.add(coins);

  // soft contact shadows as decals, each under its object and pushed away from the sun
  const blobs = new THREE.InstancedMesh(contactShadowGeometry(), contactShadowMaterial(0.5), cars.length + barrierAt.length + 1);
  blobs.renderOrder = 1;
  blobs.frustumCulled = false;
  scene.add(blobs);
  const lean = (h: number) => Math.max(-2.2, Math.min(2.2, (-p.sunDir[0] / p.sunDir[1]) * h * 0.5));
  const leanZ = (h: number) => Math.max(-2.2, Math.min(2.2, (-p.sunDir[2] / p.sunDir[1]) * h * 0.5));

  // --- the runner ---
  const runner = blockyFigure({
    skin: 0xc98a5e, shirt: sunset ? 0x7c4dff : 0x1fb5a8, pants: 0x2c3e66, shoes: 0xff4d4d,
    cap: sunset ? 0x222222 : 0xe53935, backpack: 0xffb300,
  });
  scene.add(runner.root);

  const q = new THREE.Quaternion(), v = new THREE.Vector3(), sc = new THREE.Vector3(), e = new THREE.Euler();
  const stepCycles = Math.round(1.55 * L);
  const spinCycles = Math.round(0.8 * L);
  const look = new THREE.Vector3();

  return {
    scene,
    camera,
    loop: { kind: "periodic" },
    update(t) {
      const scroll = speed * t;
      groundTex.offset.y = wrap(scroll / 4, 1);
      walls[0]!.offset.x = wrap(scroll / WALL_LEN, 1);
      walls[1]!.offset.x = wrap(-scroll / WALL_LEN, 1);
      dressing.position.z = wrap(scroll, 64);

      for (const { mesh, items } of buildingMeshes) {
        items.forEach((b, i) => {
          const z = -wrap(b.s - scroll + 40, P) + 40;
          const h = mesh === buildingMeshes[0]!.mesh ? 9 : mesh === buildingMeshes[1]!.mesh ? 15 : 24;
          mesh.setMatrixAt(i, m4.compose(v.set(b.x, h / 2, z), q.identity(), sc.set(b.w, h, b.d)));
        });
        mesh.instanceMatrix.needsUpdate = true;
      }
      cars.forEach((c, i) => {
        const front = -ahead(c.tp, t);
        trains.setMatrixAt(i, m4.makeTranslation(laneCenter(c.lane), 1.85, front - CAR / 2));
        const off = lean(3.3);
        blobs.setMatrixAt(i, m4.compose(v.set(laneCenter(c.lane) + off / 2, 0.03, front - CAR / 2 + leanZ(3.3) / 2), q.identity(), sc.set(3.6 + Math.abs(off), 1, CAR + 1)));
      });
      trains.instanceMatrix.needsUpdate = true;
      barrierAt.forEach((b, i) => {
        const z = -ahead(b.tp, t);
        boards.setMatrixAt(i, m4.makeTranslation(b.x, 0.95, z));
        legs.setMatrixAt(2 * i, m4.makeTranslation(b.x - 0.95, 0.55, z));
        legs.setMatrixAt(2 * i + 1, m4.makeTranslation(b.x + 0.95, 0.55, z));
        blobs.setMatrixAt(cars.length + i, m4.compose(v.set(b.x + lean(1.2) / 2, 0.03, z + leanZ(1.2) / 2), q.identity(), sc.set(2.8, 1, 0.9)));
      });
      boards.instanceMatrix.needsUpdate = legs.instanceMatrix.needsUpdate = true;
      const spin = (2 * Math.PI * spinCycles * t) / L;
      coinTimes.forEach((tc, i) => {
        const d = ahead(tc, t);
        const s = d < 0.2 ? 0 : 1;
        e.set(0, spin + i * 0.35, 0);
        coins.setMatrixAt(i, m4.compose(v.set(laneX(tc), 1.05 + jumpH(tc), -d), q.setFromEuler(e), sc.set(s, s, s)));
      });
      coins.instanceMatrix.needsUpdate = true;

      const x = laneX(t), h = jumpH(t);
      const dx = (laneX(t + 0.05) - laneX(t - 0.05)) / 0.1;
      runner.root.position.set(x, h, 0);
      const shrink = 1 - 0.4 * (h / JUMP_H);
      blobs.setMatrixAt(cars.length + barrierAt.length, m4.compose(v.set(x + lean(1.6) / 2, 0.04, 0.1 + leanZ(1.6) / 2), q.identity(), sc.set(1.1 * shrink, 1, 0.9 * shrink)));
      blobs.instanceMatrix.needsUpdate = true;
      runner.root.rotation.y = -dx * 0.045;
      runner.root.rotation.z = -dx * 0.02;
      runner.pose({ phase: (2 * Math.PI * stepCycles * t) / L, stride: 1, air: smoothstep(0, 0.3, h), lean: 0.12 });

      const cx = laneX(t - 0.14) * 0.75;
      camera.position.set(cx, 5.6 + jumpH(t - 0.12) * 0.35, 8.6);
      camera.lookAt(look.set(cx * 0.6 + x * 0.2, 0.2 + h * 0.15, -12));
    },
  };
};

export default factory;
