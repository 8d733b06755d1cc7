/// <reference lib="dom" />
// City driving footage: a car chased from behind round a loop of city blocks, turning right at each
// corner, past traffic, street lights, palms and towers of lit windows. Periodic loop: the car laps the
// loop a whole number of times per loop, traffic runs on straight streets and wraps out of sight once
// per loop, so every motion repeats exactly after loopSeconds.
import * as THREE from "three";
import { mergeGeometries } from "three/addons/utils/BufferGeometryUtils.js";
import { seededRandom } from "../../seeded-random.ts";
import type { SceneFactory } from "../scene.ts";
import { playerCar, trafficFleet } from "./shared/car-model.ts";
import { DriveTrack, driveAimCamera, driveCanvasTexture, driveNoise, driveSample, driveWheelAngle } from "./shared/drive-kit.ts";

const P = 70; // block pitch: street centre to street centre
const ROAD = 8; // half width of a street (two lanes each way)
const WALK = 4; // sidewalk width
const LANE = 5.25; // offset of the outer lane's centre from the street centre
const SPAN_X: [number, number] = [-3, 5]; // streets drawn, in blocks; the loop runs round blocks (0,0) and (1,0)
const SPAN_Z: [number, number] = [-3, 4];
const TARGET_SPEED = 18;

/** One cell of the street grid (an intersection in its corner): asphalt, lane lines, crossings, pavement. */
function streetCell(rand: () => number, night: boolean): THREE.CanvasTexture {
  const S = 1024;
  const m = S / P; // pixels per metre
  return driveCanvasTexture(S, S, (g) => {
    g.fillStyle = night ? "#2b2d31" : "#4a4c51";
    g.fillRect(0, 0, S, S);
    driveNoise(g, S, S, rand, 26000, 0.16);
    // Pavement tiles in the block; the raised kerb is geometry, this is what its top shows.
    const a = (ROAD + 0.4) * m;
    g.fillStyle = night ? "#6d6a66" : "#b7b2a8";
    g.fillRect(a, a, S - 2 * a, S - 2 * a);
    g.strokeStyle = "rgba(0,0,0,0.18)";
    g.lineWidth = 1;
    for (let x = a; x < S - a; x += 1.5 * m) {
      g.beginPath(); g.moveTo(x, a); g.lineTo(x, S - a); g.moveTo(a, x); g.lineTo(S - a, x); g.stroke();
    }
    // Lane markings on both streets of the cell (drawn along x, then the same rotated for z).
    for (const rot of [0, 1]) {
      g.save();
      if (rot) { g.rotate(Math.PI / 2); g.scale(1, -1); } // transpose: x streets become z streets
      const from = (ROAD + WALK) * m, to = S - from;
      g.fillStyle = "#e8c23a";
      for (const y of [-0.22, 0.1]) { g.fillRect(from, y * m, to - from, 0.12 * m); g.fillRect(from, S + y * m, to - from, 0.12 * m); }
      g.fillStyle = "#eeeeee";
      for (const y of [3.5, -3.5]) {
        for (let x = from + 2 * m; x < to - 3 * m; x += 9 * m) {
          const yy = y > 0 ? y * m : S + y * m;
          g.fillRect(x, yy - 0.07 * m, 3 * m, 0.14 * m);
        }
      }
      // Zebra crossings and stop lines at both ends of the block.
      for (const x0 of [ROAD + 0.8, P - ROAD - 3.8]) {
        for (let y = -ROAD + 0.6; y < ROAD - 0.6; y += 1.2) {
          const yy = ((y * m) % S + S) % S;
          g.fillRect(x0 * m, yy, 3 * m, 0.6 * m);
        }
      }
      g.restore();
    }
  }, { repeat: [1, 1] });
}

/** Facade tile of 8 x 8 windows: wall + glass for the day map, lit panes only for the night glow. */
function facade(rand: () => number, lit: boolean): THREE.CanvasTexture {
  return driveCanvasTexture(256, 256, (g) => {
    g.fillStyle = lit ? "#000" : "#e8e4dc";
    g.fillRect(0, 0, 256, 256);
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const x = c * 32 + 6, y = r * 32 + 7;
        if (lit) {
          if (rand() < 0.42) {
            g.fillStyle = ["#ffd890", "#ffe9b8", "#fff4dc", "#bfe0ff", "#ffc070"][Math.floor(rand() * 5)]!;
            g.globalAlpha = 0.55 + rand() * 0.45;
            g.fillRect(x, y, 20, 19);
            g.globalAlpha = 1;
          }
        } else {
          const grad = g.createLinearGradient(x, y, x + 20, y + 19);
          grad.addColorStop(0, "#5d7388");
          grad.addColorStop(1, "#22303d");
          g.fillStyle = grad;
          g.fillRect(x, y, 20, 19);
          g.fillStyle = "rgba(255,255,255,0.22)";
          g.fillRect(x + 2, y + 2, 6, 15);
        }
      }
    }
  }, { repeat: [1, 1], color: !lit });
}

const factory: SceneFactory = (ctx) => {
  const rand = seededRandom(ctx.seed);
  const night = ctx.variant === "night-drive";
  const T = ctx.loopSeconds;
  const renderer = ctx.renderer;
  renderer.shadowMap.enabled = !night;
  // Filtered: building and lamp shadows fall right in front of the camera, where unfiltered ones stair-step
  // (the filtering costs about a fifth of the frame on SwiftShader).
  renderer.shadowMap.type = THREE.PCFShadowMap;

  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(60, ctx.width / ctx.height, 0.4, 420);
  const horizon = night ? 0x1a1f33 : 0xc9d6df;
  scene.fog = new THREE.Fog(horizon, night ? 40 : 70, night ? 200 : 240);
  scene.background = driveCanvasTexture(4, 256, (g, w, h) => {
    const grad = g.createLinearGradient(0, 0, 0, h);
    grad.addColorStop(0, night ? "#04060f" : "#3a7bd5");
    grad.addColorStop(0.6, night ? "#10162a" : "#8fb8e0");
    grad.addColorStop(1, `#${horizon.toString(16).padStart(6, "0")}`);
    g.fillStyle = grad;
    g.fillRect(0, 0, w, h);
  });
  scene.add(new THREE.HemisphereLight(night ? 0x5a6aa8 : 0xcfe4ff, night ? 0x2a2018 : 0x6b6257, night ? 1.4 : 1.5));
  const sun = new THREE.DirectionalLight(night ? 0x8090c0 : 0xfff0d8, night ? 0.35 : 2.4);
  sun.castShadow = !night;
  sun.shadow.mapSize.set(1024, 1024);
  const sc = sun.shadow.camera;
  sc.left = sc.bottom = -55;
  sc.right = sc.top = 55;
  sc.near = 10;
  sc.far = 260;
  sun.shadow.bias = -0.0006;
  scene.add(sun, sun.target);

  // Ground and kerbs: one tiled street texture; uv is world position / block pitch, so both line up.
  const cell = streetCell(rand, night);
  const x0 = SPAN_X[0] * P, x1 = SPAN_X[1] * P, z0 = SPAN_Z[0] * P, z1 = SPAN_Z[1] * P;
  const worldUv = (g: THREE.BufferGeometry) => {
    const p = g.getAttribute("position");
    const uv = new Float32Array(p.count * 2);
    for (let i = 0; i < p.count; i++) { uv[i * 2] = p.getX(i) / P; uv[i * 2 + 1] = -p.getZ(i) / P; }
    g.setAttribute("uv", new THREE.BufferAttribute(uv, 2));
    return g;
  };
  const groundGeo = new THREE.PlaneGeometry(x1 - x0 + 2 * P, z1 - z0 + 2 * P).rotateX(-Math.PI / 2).translate((x0 + x1) / 2, 0, (z0 + z1) / 2);
  const ground = new THREE.Mesh(worldUv(groundGeo), new THREE.MeshLambertMaterial({ map: cell }));
  ground.receiveShadow = true;
  scene.add(ground);
  const kerbs: THREE.BufferGeometry[] = [];
  const inner = ROAD + 0.4;
  for (let i = SPAN_X[0] - 1; i < SPAN_X[1] + 1; i++)
    for (let j = SPAN_Z[0] - 1; j < SPAN_Z[1] + 1; j++)
      kerbs.push(new THREE.BoxGeometry(P - 2 * inner, 0.2, P - 2 * inner).translate(i * P + P / 2, 0.1, j * P + P / 2));
  const kerb = new THREE.Mesh(worldUv(mergeGeometries(kerbs)), new THREE.MeshLambertMaterial({ map: cell }));
  kerb.receiveShadow = true;
  scene.add(kerb);

  // Buildings: lots on every block, heights from low shops to towers, one merged mesh.
  const TILE_W = 28, TILE_H = 28; // metres of facade per texture tile (8 windows of 3.5 m)
  const tints = night
    ? [0x9a948a, 0x7f8da0, 0xa08270, 0x8c8c8c]
    : [0xe7dcc8, 0xbfd3e6, 0xc98f73, 0xd9d9d4, 0xa9b8c4, 0xe9c9a0];
  const boxes: THREE.BufferGeometry[] = [];
  for (let i = SPAN_X[0] - 1; i < SPAN_X[1] + 1; i++) {
    for (let j = SPAN_Z[0] - 1; j < SPAN_Z[1] + 1; j++) {
      const lot0 = ROAD + WALK + 1, lot = P - 2 * lot0;
      const n = 2 + Math.floor(rand() * 2);
      const tall = Math.abs(i - 1) <= 2 && Math.abs(j) <= 2;
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < 2; b++) {
          const w = lot / n - 2, d = lot / 2 - 2;
          const h = tall && rand() < 0.3 ? 45 + rand() * 60 : 9 + rand() * 28;
          const g = new THREE.BoxGeometry(w, h, d);
          const uv = g.getAttribute("uv") as THREE.BufferAttribute;
          const du = Math.floor(rand() * 8) / 8, dv = Math.floor(rand() * 8) / 8;
          for (let f = 0; f < 6; f++) {
            for (let k = f * 4; k < f * 4 + 4; k++) {
              if (f === 2 || f === 3) { uv.setXY(k, 0.01, 0.01); continue; } // roofs: plain wall colour
              const span = f < 2 ? d : w;
              uv.setXY(k, uv.getX(k) * (span / TILE_W) + du, uv.getY(k) * (h / TILE_H) + dv);
            }
          }
          g.translate(i * P + lot0 + (a + 0.5) * (lot / n), h / 2, j * P + lot0 + (b + 0.5) * (lot / 2));
          const c = new THREE.Color(tints[Math.floor(rand() * tints.length)]!);
          g.setAttribute("color", new THREE.Float32BufferAttribute(new Array(24).fill(0).flatMap(() => [c.r, c.g, c.b]), 3));
          boxes.push(g);
        }
      }
    }
  }
  const buildingMat = new THREE.MeshLambertMaterial({ map: facade(rand, false), vertexColors: true });
  if (night) {
    buildingMat.emissiveMap = facade(rand, true);
    buildingMat.emissive = new THREE.Color(0xffffff);
    buildingMat.emissiveIntensity = 1.1;
  }
  const buildings = new THREE.Mesh(mergeGeometries(boxes), buildingMat);
  buildings.castShadow = buildings.receiveShadow = true;
  scene.add(buildings);

  // Street lights and palms along the kerbs of every street.
  const lampGeo = mergeGeometries([
    new THREE.CylinderGeometry(0.12, 0.16, 8, 6).translate(0, 4, 0),
    new THREE.BoxGeometry(0.12, 0.12, 2.4).translate(0, 7.9, -1.1),
    new THREE.BoxGeometry(0.5, 0.18, 0.9).translate(0, 7.8, -2.2),
  ]);
  const palmTrunk = new THREE.CylinderGeometry(0.22, 0.34, 10, 6).translate(0, 5, 0);
  const fronds = mergeGeometries(
    Array.from({ length: 7 }, (_, k) =>
      new THREE.ConeGeometry(0.5, 4.2, 3).scale(1, 1, 0.25).translate(0, 2.1, 0).rotateZ(-1.9).rotateY((k / 7) * Math.PI * 2).translate(0, 10, 0),
    ),
  );
  const lampSpots: THREE.Matrix4[] = [];
  const palmSpots: THREE.Matrix4[] = [];
  const edge = ROAD + 1.1;
  for (let i = SPAN_X[0]; i <= SPAN_X[1]; i++) {
    for (let j = SPAN_Z[0]; j <= SPAN_Z[1]; j++) {
      for (const along of [P * 0.32, P * 0.68]) {
        for (const side of [-1, 1]) {
          // Lamps lean over the road: on an x street the arm points across z, and likewise for z streets.
          const ax = new THREE.Matrix4().makeRotationY(side > 0 ? 0 : Math.PI).setPosition(i * P + along, 0, j * P + side * edge);
          const az = new THREE.Matrix4().makeRotationY(side > 0 ? Math.PI / 2 : -Math.PI / 2).setPosition(i * P + side * edge, 0, j * P + along);
          lampSpots.push(ax, az);
          const palmAt = along < P / 2 ? P * 0.24 : P * 0.76;
          const p1 = new THREE.Matrix4().makeRotationY(rand() * 6).setPosition(i * P + palmAt, 0, j * P + side * (edge + 0.6));
          const p2 = new THREE.Matrix4().makeRotationY(rand() * 6).setPosition(i * P + side * (edge + 0.6), 0, j * P + palmAt);
          if (rand() < 0.5) palmSpots.push(p1);
          if (rand() < 0.5) palmSpots.push(p2);
        }
      }
    }
  }
  const instanced = (geo: THREE.BufferGeometry, mat: THREE.Material, spots: THREE.Matrix4[], shadow = true) => {
    const m = new THREE.InstancedMesh(geo, mat, spots.length);
    spots.forEach((s, k) => m.setMatrixAt(k, s));
    m.castShadow = shadow;
    scene.add(m);
    return m;
  };
  instanced(lampGeo, new THREE.MeshLambertMaterial({ color: 0x3c4046 }), lampSpots);
  instanced(palmTrunk, new THREE.MeshLambertMaterial({ color: 0x8a6a48 }), palmSpots);
  instanced(fronds, new THREE.MeshLambertMaterial({ color: 0x3f7d2c, side: THREE.DoubleSide }), palmSpots);
  if (night) {
    const bulb = new THREE.BoxGeometry(0.44, 0.06, 0.8).translate(0, 7.68, -2.2);
    instanced(bulb, new THREE.MeshBasicMaterial({ color: 0xffe2a8 }), lampSpots, false);
    // Pools of lamp light on the road, added on top: cheaper than a real light per lamp.
    const poolTex = driveCanvasTexture(64, 64, (g) => {
      const r = g.createRadialGradient(32, 32, 0, 32, 32, 32);
      r.addColorStop(0, "rgba(255,214,150,0.8)");
      r.addColorStop(0.5, "rgba(255,214,150,0.3)");
      r.addColorStop(1, "rgba(255,214,150,0)");
      g.fillStyle = r;
      g.fillRect(0, 0, 64, 64);
    });
    const pool = new THREE.PlaneGeometry(13, 13).rotateX(-Math.PI / 2).translate(0, 0.25, -3.2);
    instanced(pool, new THREE.MeshBasicMaterial({ map: poolTex, transparent: true, blending: THREE.AdditiveBlending, depthWrite: false }), lampSpots, false);
  }

  // The loop: round blocks (0,0) and (1,0) in the outer right lane, a right turn at every corner.
  const L0 = LANE, Lx = 2 * P - LANE, Lz = P - LANE, R = 7;
  const path = new THREE.CurvePath<THREE.Vector3>();
  const v = (x: number, z: number) => new THREE.Vector3(x, 0, z);
  const corners = [v(Lx, L0), v(Lx, Lz), v(L0, Lz), v(L0, L0)];
  for (let k = 0; k < 4; k++) {
    const c = corners[k]!, prev = corners[(k + 3) % 4]!, next = corners[(k + 1) % 4]!;
    const inDir = c.clone().sub(prev).normalize(), outDir = next.clone().sub(c).normalize();
    path.add(new THREE.LineCurve3(prev.clone().addScaledVector(inDir, R), c.clone().addScaledVector(inDir, -R)));
    path.add(new THREE.QuadraticBezierCurve3(c.clone().addScaledVector(inDir, -R), c.clone(), c.clone().addScaledVector(outDir, R)));
  }
  const track = new DriveTrack(path, 1600, 10);
  const laps = Math.max(1, Math.round((TARGET_SPEED * T) / track.length));
  const speed = (laps * track.length) / T;
  const playerAt = (t: number, out: THREE.Vector3) => out.copy(track.at(speed * t, smp).pos);
  const smp = driveSample();

  const car = playerCar([0x1b4fb8, 0xb01818, 0x1d1d1f, 0xe8e8e8, 0x2f7d3a][Math.floor(rand() * 5)]!, night);
  scene.add(car);
  if (night) {
    // Headlight throw: brightest at the bumper, fading with distance and towards a cone's soft edges.
    const beamTex = driveCanvasTexture(64, 128, (g, w, h) => {
      const img = g.createImageData(w, h);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const along = 1 - y / h; // 0 at the far end (top), 1 at the car
          const spread = 0.35 + 0.65 * (1 - along);
          const side = Math.abs((x + 0.5) / w - 0.5) * 2 / spread;
          const a = Math.max(0, 1 - side) ** 1.5 * Math.min(1, (1 - along) * 6) * along ** 0.6;
          const k = (y * w + x) * 4;
          img.data.set([255, 240, 210, Math.round(a * 150)], k);
        }
      }
      g.putImageData(img, 0, 0);
    });
    const beam = new THREE.Mesh(new THREE.PlaneGeometry(9, 20).rotateX(-Math.PI / 2).translate(0, 0.28, -12.2),
      new THREE.MeshBasicMaterial({ map: beamTex, transparent: true, blending: THREE.AdditiveBlending, depthWrite: false }));
    car.add(beam);
  }

  // Traffic: cars on straight streets at one speed that crosses the drawn city exactly once per loop, so
  // each wraps out of sight at the far ends; start points are drawn until no car meets another or the player.
  const spanLen = (SPAN_X[1] - SPAN_X[0]) * P;
  const tv = spanLen / T;
  interface Lane { axis: 0 | 1; line: number; dir: 1 | -1; a0: number }
  const fleetSize = 110;
  const lanes: Lane[] = [];
  const pos = (l: Lane, t: number, out: THREE.Vector3) => {
    const lo = l.axis === 0 ? x0 : z0 - P / 2;
    const a = lo + ((((l.a0 + l.dir * tv * t - lo) % spanLen) + spanLen) % spanLen);
    return l.axis === 0 ? out.set(a, 0, l.line) : out.set(l.line, 0, a);
  };
  const probe = Array.from({ length: 360 }, (_, k) => (k / 360) * T);
  const pa = new THREE.Vector3(), pb = new THREE.Vector3();
  const me = probe.map((t) => playerAt(t, new THREE.Vector3()));
  const eyes = probe.map((t) => track.at(speed * t, smp).pos.clone().addScaledVector(smp.tangent, -10));
  // Streets the loop runs on get most of the traffic, so the camera meets cars, not empty roads.
  const loopZ = [0, 1], loopX = [0, 1, 2];
  for (let tries = 0; lanes.length < fleetSize && tries < 3000; tries++) {
    const axis = rand() < 0.65 ? 0 : 1;
    const dir = rand() < 0.5 ? 1 : -1;
    const busy = rand() < 0.8;
    const street = busy
      ? (axis === 0 ? loopZ : loopX)[Math.floor(rand() * (axis === 0 ? 2 : 3))]!
      : axis === 0 ? SPAN_Z[0] + 1 + Math.floor(rand() * (SPAN_Z[1] - SPAN_Z[0] - 1)) : SPAN_X[0] + 1 + Math.floor(rand() * (SPAN_X[1] - SPAN_X[0] - 1));
    // Right-hand traffic: +x drives on the +z side, +z drives on the -x side.
    const off = (rand() < 0.5 ? 1.75 : LANE) * (axis === 0 ? dir : -dir);
    const cand: Lane = { axis: axis as 0 | 1, line: street * P + off, dir: dir as 1 | -1, a0: rand() * spanLen };
    // Boxes, not circles: cars in neighbouring lanes pass 3.5 m apart, which is no collision.
    const half = (l: Lane): [number, number] => (l.axis === 0 ? [2.4, 1.05] : [1.05, 2.4]);
    const [hx, hz] = half(cand);
    const clash = probe.some((t, k) => {
      pos(cand, t, pa);
      const me0 = me[k]!, eye = eyes[k]!;
      if (Math.abs(pa.x - me0.x) < hx + 2.9 && Math.abs(pa.z - me0.z) < hz + 2.9) return true;
      if (Math.abs(pa.x - eye.x) < hx + 1.5 && Math.abs(pa.z - eye.z) < hz + 1.5) return true;
      return lanes.some((o) => {
        pos(o, t, pb);
        const [ox, oz] = half(o);
        return Math.abs(pb.x - pa.x) < hx + ox + 0.8 && Math.abs(pb.z - pa.z) < hz + oz + 0.8;
      });
    });
    if (!clash) lanes.push(cand);
  }
  const fleet = trafficFleet(lanes.length, night);
  for (const m of fleet.meshes) scene.add(m);
  const paints = [0xd0d0d0, 0x202022, 0x8a1515, 0x1c3f8c, 0xe0e0e0, 0x5b6066, 0x2e6b3f, 0xc9a227];
  lanes.forEach((_, k) => fleet.body.setColorAt(k, new THREE.Color(paints[Math.floor(rand() * paints.length)]!)));

  const m4 = new THREE.Matrix4();
  const q = new THREE.Quaternion();
  const yAxis = new THREE.Vector3(0, 1, 0);
  const one = new THREE.Vector3(1, 1, 1);
  const cam = driveSample();

  const update = (t: number) => {
    const s = speed * t;
    track.at(s, smp);
    car.position.copy(smp.pos);
    const yaw = Math.atan2(-smp.tangent.x, -smp.tangent.z);
    car.rotation.set(0, yaw, THREE.MathUtils.clamp(smp.curvature * 0.25, -0.04, 0.04));
    const spin = driveWheelAngle(t, T, laps * track.length, 0.36);
    for (const w of car.children) {
      if (w.name !== "wheel") continue;
      w.getObjectByName("spin")!.rotation.x = spin;
      if (w.position.z < 0) w.rotation.y = THREE.MathUtils.clamp(smp.curvature * 4, -0.5, 0.5);
    }
    const carPos = smp.pos.clone();

    // Chase camera: behind the car along its heading of the last moment, so in a turn it swings wide
    // over the intersection instead of cutting across the corner of the block.
    const lag = new THREE.Vector3();
    for (let k = 0; k < 5; k++) lag.add(track.at(s - k * 1.8, cam).tangent);
    lag.y = 0;
    lag.normalize();
    const eye = carPos.clone().addScaledVector(lag, -10.5);
    eye.y += 3.8;
    const target = carPos.clone().addScaledVector(lag, 3.5);
    target.y += 1.2;
    driveAimCamera(camera, eye, target, THREE.MathUtils.clamp(smp.curvature * 0.4, -0.04, 0.04));
    sun.position.set(carPos.x - 60, 110, carPos.z + 40);
    sun.target.position.copy(carPos);

    lanes.forEach((l, k) => {
      pos(l, t, pa);
      q.setFromAxisAngle(yAxis, l.axis === 0 ? (l.dir > 0 ? -Math.PI / 2 : Math.PI / 2) : l.dir > 0 ? Math.PI : 0);
      m4.compose(pa, q, one);
      for (const m of fleet.meshes) m.setMatrixAt(k, m4);
    });
    for (const m of fleet.meshes) m.instanceMatrix.needsUpdate = true;
  };

  return { scene, camera, update, loop: { kind: "periodic" } };
};

export default factory;
