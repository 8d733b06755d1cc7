/// <reference lib="dom" />
// Kart racing footage: a blocky go-kart seen from behind, lapping a winding closed circuit with
// striped curbs, spinning item boxes and rivals. Periodic loop: the kart laps the track a whole number
// of times per loop, and every other motion (rivals' gaps, boxes, wheels) repeats a whole number of
// times, so the last frame steps into the first like any other frame.
import * as THREE from "three";
import { seededRandom } from "../../seeded-random.ts";
import type { SceneFactory } from "../scene.ts";
import {
  DriveTrack,
  driveAimCamera,
  driveCanvasTexture,
  driveNoise,
  driveSample,
  driveTrackRibbon as ribbon,
  driveWheelAngle,
} from "./shared/drive-kit.ts";
import { kartModel } from "./shared/kart-model.ts";

const ROAD_HALF = 7.5;
const CURB = 1.4;
const TARGET_SPEED = 30; // units per second; a kart is ~2.4 units long
const TAU = Math.PI * 2;

const factory: SceneFactory = (ctx) => {
  const rand = seededRandom(ctx.seed);
  const rainbow = ctx.variant === "rainbow-road";
  const T = ctx.loopSeconds;
  const renderer = ctx.renderer;
  renderer.shadowMap.enabled = true;
  // Unfiltered shadow lookups: PCF filtering cost SwiftShader a fifth of the frame, and at 540x960 the
  // hard edge barely shows.
  renderer.shadowMap.type = THREE.BasicShadowMap;

  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(62, ctx.width / ctx.height, 0.3, 520);

  // The circuit: a star-shaped loop around the origin with seeded bulges, so it winds but never crosses itself.
  const pts: THREE.Vector3[] = [];
  const lobes = 9 + Math.floor(rand() * 3);
  const ph = [rand() * TAU, rand() * TAU, rand() * TAU];
  for (let i = 0; i < lobes; i++) {
    const a = (i / lobes) * TAU + (rand() - 0.5) * 0.25;
    const r = 95 + (rand() - 0.5) * 55;
    const y = rainbow ? 6 * Math.sin(2 * a + ph[0]!) + 2.5 * Math.sin(3 * a + ph[1]!) : 2.5 * Math.sin(2 * a + ph[2]!);
    pts.push(new THREE.Vector3(Math.cos(a) * r * 1.15, y, Math.sin(a) * r));
  }
  const track = new DriveTrack(new THREE.CatmullRomCurve3(pts, true, "centripetal"), 1400);
  const laps = Math.max(1, Math.round((TARGET_SPEED * T) / track.length));
  const speed = (laps * track.length) / T;
  const phase = (t: number) => (t / T) * TAU; // one turn per loop: anything sin(k*phase) with whole k repeats

  // Sky, light and fog.
  const sun = new THREE.DirectionalLight(0xffffff, rainbow ? 1.4 : 2.6);
  sun.castShadow = true;
  sun.shadow.mapSize.set(1024, 1024);
  const sc = sun.shadow.camera;
  sc.left = sc.bottom = -22;
  sc.right = sc.top = 22;
  sc.near = 1;
  sc.far = 120;
  sun.shadow.bias = -0.0008;
  scene.add(sun, sun.target);
  if (rainbow) {
    scene.background = new THREE.Color(0x05030f);
    scene.fog = new THREE.Fog(0x0a0620, 90, 330);
    scene.add(new THREE.HemisphereLight(0x8a7dff, 0x2a1040, 1.6));
  } else {
    scene.background = driveCanvasTexture(4, 256, (g, w, h) => {
      const grad = g.createLinearGradient(0, 0, 0, h);
      grad.addColorStop(0, "#2f7fe0");
      grad.addColorStop(0.55, "#7fc3ff");
      grad.addColorStop(1, "#d8efff");
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
    });
    scene.fog = new THREE.Fog(0xcfe8ff, 110, 380);
    scene.add(new THREE.HemisphereLight(0xbfe3ff, 0x5a8a3a, 1.3));
  }

  // Road surface: grey asphalt with white edge lines, or rainbow bands in space.
  const roadTex = rainbow
    ? driveCanvasTexture(64, 256, (g, w, h) => {
        const cols = ["#ff3b3b", "#ff9a2e", "#ffe83a", "#47e05a", "#35b7ff", "#5a5cff", "#c04dff"];
        cols.forEach((c, i) => {
          g.fillStyle = c;
          g.fillRect(0, (i * h) / cols.length, w, h / cols.length + 1);
        });
        const edge = g.createLinearGradient(0, 0, w, 0);
        edge.addColorStop(0, "rgba(255,255,255,0.9)");
        edge.addColorStop(0.08, "rgba(255,255,255,0)");
        edge.addColorStop(0.92, "rgba(255,255,255,0)");
        edge.addColorStop(1, "rgba(255,255,255,0.9)");
        g.fillStyle = edge;
        g.fillRect(0, 0, w, h);
      }, { repeat: [1, 1] })
    : driveCanvasTexture(128, 128, (g, w, h) => {
        g.fillStyle = "#6b6f78";
        g.fillRect(0, 0, w, h);
        driveNoise(g, w, h, rand, 1800, 0.18);
        g.fillStyle = "#f4f4f4";
        g.fillRect(3, 0, 3, h);
        g.fillRect(w - 6, 0, 3, h);
      }, { repeat: [1, 1] });
  const roadMat = rainbow
    ? new THREE.MeshLambertMaterial({ map: roadTex, emissiveMap: roadTex, emissive: 0xffffff, emissiveIntensity: 0.55, side: THREE.DoubleSide })
    : new THREE.MeshLambertMaterial({ map: roadTex });
  const road = new THREE.Mesh(ribbon(track, -ROAD_HALF, ROAD_HALF, 0.05, rainbow ? 42 : 10), roadMat);
  road.receiveShadow = true;
  scene.add(road);

  // Curbs: red/white blocks on the ground track; glowing rails on the rainbow road.
  const curbTex = driveCanvasTexture(2, 2, (g) => {
    g.fillStyle = rainbow ? "#ffffff" : "#e8231f";
    g.fillRect(0, 0, 2, 1);
    g.fillStyle = rainbow ? "#ffd84a" : "#ffffff";
    g.fillRect(0, 1, 2, 1);
  }, { nearest: true, repeat: [1, 1] });
  const curbMat = rainbow
    ? new THREE.MeshBasicMaterial({ map: curbTex })
    : new THREE.MeshLambertMaterial({ map: curbTex });
  for (const side of [-1, 1]) {
    const inner = side * ROAD_HALF;
    const outer = side * (ROAD_HALF + CURB);
    const curb = new THREE.Mesh(ribbon(track, side < 0 ? outer : inner, side < 0 ? inner : outer, rainbow ? 0.35 : 0.12, 3.2), curbMat);
    curb.receiveShadow = true;
    scene.add(curb);
  }

  // Start line: a checkered strip and a gantry over it.
  const s0 = track.samples[0]!;
  const checker = driveCanvasTexture(16, 2, (g) => {
    for (let x = 0; x < 16; x++)
      for (let y = 0; y < 2; y++) {
        g.fillStyle = (x + y) % 2 ? "#111" : "#fafafa";
        g.fillRect(x, y, 1, 1);
      }
  }, { nearest: true });
  const lineGeo = new THREE.PlaneGeometry(ROAD_HALF * 2, 2);
  lineGeo.rotateX(-Math.PI / 2);
  const line = new THREE.Mesh(lineGeo, new THREE.MeshLambertMaterial({ map: checker }));
  const heading = Math.atan2(-s0.tangent.x, -s0.tangent.z);
  line.position.copy(s0.pos).y += 0.08;
  line.rotation.y = heading;
  line.receiveShadow = true;
  scene.add(line);
  const gantry = new THREE.Group();
  const postMat = new THREE.MeshLambertMaterial({ color: rainbow ? 0xdfe6ff : 0x2f2f38 });
  for (const x of [-ROAD_HALF - 2.5, ROAD_HALF + 2.5]) {
    const post = new THREE.Mesh(new THREE.BoxGeometry(0.8, 9, 0.8), postMat);
    post.position.set(x, 4.5, 0);
    post.castShadow = true;
    gantry.add(post);
  }
  const bannerTex = checker.clone();
  bannerTex.repeat.set(1, 1);
  const banner = new THREE.Mesh(new THREE.BoxGeometry(ROAD_HALF * 2 + 6, 1.8, 0.5), new THREE.MeshLambertMaterial({ map: bannerTex }));
  banner.position.y = 8.4;
  banner.castShadow = true;
  gantry.add(banner);
  gantry.position.copy(s0.pos);
  gantry.rotation.y = heading;
  scene.add(gantry);

  // Scenery.
  if (rainbow) {
    const starPos: number[] = [];
    const starCol: number[] = [];
    for (let i = 0; i < 2600; i++) {
      const v = new THREE.Vector3(rand() - 0.5, rand() - 0.35, rand() - 0.5).normalize().multiplyScalar(420 + rand() * 60);
      starPos.push(v.x, v.y, v.z);
      const c = new THREE.Color().setHSL(0.55 + rand() * 0.25, 0.6, 0.6 + rand() * 0.4);
      starCol.push(c.r, c.g, c.b);
    }
    const sg = new THREE.BufferGeometry();
    sg.setAttribute("position", new THREE.Float32BufferAttribute(starPos, 3));
    sg.setAttribute("color", new THREE.Float32BufferAttribute(starCol, 3));
    const stars = new THREE.Points(sg, new THREE.PointsMaterial({ size: 2.2, sizeAttenuation: false, vertexColors: true, fog: false }));
    scene.add(stars);
    const planetTex = driveCanvasTexture(8, 128, (g, w, h) => {
      for (let y = 0; y < h; y += 4) {
        g.fillStyle = `hsl(${265 + 40 * Math.sin(y * 0.13)},70%,${45 + 15 * Math.sin(y * 0.31)}%)`;
        g.fillRect(0, y, w, 4);
      }
    });
    const planet = new THREE.Mesh(new THREE.SphereGeometry(60, 32, 20), new THREE.MeshLambertMaterial({ map: planetTex, fog: false, emissive: 0x221144 }));
    const ring = new THREE.Mesh(new THREE.RingGeometry(80, 110, 48), new THREE.MeshBasicMaterial({ color: 0xffc8f0, transparent: true, opacity: 0.45, side: THREE.DoubleSide, fog: false }));
    ring.rotation.set(1.2, 0.3, 0);
    planet.add(ring);
    // Planets all round the sky, so one is in view whichever way the track faces.
    for (let i = 0; i < 4; i++) {
      const p = i === 0 ? planet : planet.clone();
      const a = (i / 4) * TAU + rand();
      p.position.set(Math.cos(a) * 360, 40 + rand() * 90, Math.sin(a) * 360);
      p.scale.setScalar(0.5 + rand() * 0.7);
      p.rotation.set(rand(), rand() * TAU, 0);
      scene.add(p);
    }
  } else {
    const grassTex = driveCanvasTexture(64, 64, (g, w, h) => {
      g.fillStyle = "#4fae3a";
      g.fillRect(0, 0, w, h);
      g.fillStyle = "#5fc246";
      g.fillRect(0, 0, w, h / 2);
      driveNoise(g, w, h, rand, 500, 0.12);
    }, { repeat: [90, 90] });
    // Flat lawn under one sun shades evenly, so it is drawn unlit: SwiftShader pays per lit pixel.
    const ground = new THREE.Mesh(new THREE.PlaneGeometry(1400, 1400), new THREE.MeshBasicMaterial({ map: grassTex, color: 0xd8e8d0 }));
    ground.rotation.x = -Math.PI / 2;
    ground.position.y = -3;
    scene.add(ground);
    // Embankment under the road so its hills never float above the lawn.
    const bank = new THREE.Mesh(ribbon(track, -ROAD_HALF - 6, ROAD_HALF + 6, -0.06, 10), new THREE.MeshBasicMaterial({ color: 0x55ad3e }));
    scene.add(bank);
    // Round cartoon trees and hills, kept off the road.
    const trunks = new THREE.InstancedMesh(new THREE.CylinderGeometry(0.5, 0.7, 4, 6), new THREE.MeshLambertMaterial({ color: 0x7a4a22 }), 220);
    const crowns = new THREE.InstancedMesh(new THREE.IcosahedronGeometry(2.7, 1), new THREE.MeshLambertMaterial({ color: 0xffffff, flatShading: true }), 220);
    const m = new THREE.Matrix4();
    const tmp = driveSample();
    let placed = 0;
    for (let tries = 0; placed < 170 && tries < 4000; tries++) {
      const along = rand() * track.length;
      const off = (rand() < 0.5 ? -1 : 1) * (ROAD_HALF + 9 + rand() * 60);
      track.at(along, tmp);
      const x = tmp.pos.x + tmp.right.x * off;
      const z = tmp.pos.z + tmp.right.z * off;
      let clear = true;
      for (let i = 0; i < track.samples.length && clear; i += 7) {
        const p = track.samples[i]!.pos;
        if ((p.x - x) ** 2 + (p.z - z) ** 2 < (ROAD_HALF + 7) ** 2) clear = false;
      }
      if (!clear) continue;
      const sc2 = 0.8 + rand() * 0.7;
      m.compose(new THREE.Vector3(x, -1 + 2 * sc2 - 2, z), new THREE.Quaternion(), new THREE.Vector3(sc2, sc2, sc2));
      trunks.setMatrixAt(placed, m);
      m.compose(new THREE.Vector3(x, -1 + 5.2 * sc2, z), new THREE.Quaternion(), new THREE.Vector3(sc2, sc2 * 1.1, sc2));
      crowns.setMatrixAt(placed, m);
      crowns.setColorAt(placed, new THREE.Color().setHSL(0.28 + rand() * 0.08, 0.65, 0.32 + rand() * 0.12));
      placed++;
    }
    trunks.count = crowns.count = placed;
    scene.add(trunks, crowns);
    const hills = new THREE.InstancedMesh(new THREE.SphereGeometry(1, 16, 8, 0, TAU, 0, Math.PI / 2), new THREE.MeshLambertMaterial({ color: 0xffffff }), 14);
    for (let i = 0; i < 14; i++) {
      const a = (i / 14) * TAU + rand() * 0.3;
      const r = 270 + rand() * 80;
      const s = 40 + rand() * 50;
      m.compose(new THREE.Vector3(Math.cos(a) * r, -8, Math.sin(a) * r), new THREE.Quaternion(), new THREE.Vector3(s * 1.6, s, s * 1.6));
      hills.setMatrixAt(i, m);
      hills.setColorAt(i, new THREE.Color().setHSL(0.3 + rand() * 0.05, 0.5, 0.38 + rand() * 0.1));
    }
    scene.add(hills);
  }

  // Item boxes: rows across the road, spinning and bobbing; a box the kart drives through pops and regrows.
  const boxTex = driveCanvasTexture(128, 128, (g, w, h) => {
    const grad = g.createLinearGradient(0, 0, w, h);
    grad.addColorStop(0, "#ff5ad1");
    grad.addColorStop(0.35, "#ffd93b");
    grad.addColorStop(0.7, "#3bd6ff");
    grad.addColorStop(1, "#8a5bff");
    g.fillStyle = grad;
    g.fillRect(0, 0, w, h);
    g.strokeStyle = "rgba(255,255,255,0.95)";
    g.lineWidth = 10;
    g.strokeRect(5, 5, w - 10, h - 10);
    // The question mark is drawn as strokes rather than text so no font is needed.
    g.lineCap = "round";
    g.strokeStyle = "#ffffff";
    g.lineWidth = 16;
    g.beginPath();
    g.arc(w / 2, h * 0.38, w * 0.17, Math.PI * 1.05, Math.PI * 2.35);
    g.lineTo(w / 2, h * 0.62);
    g.stroke();
    g.fillStyle = "#ffffff";
    g.beginPath();
    g.arc(w / 2, h * 0.8, 9, 0, TAU);
    g.fill();
  });
  const rows = [0.18, 0.42, 0.63, 0.86];
  const lanes = [-4.8, -1.6, 1.6, 4.8];
  const boxes = new THREE.InstancedMesh(
    new THREE.BoxGeometry(1.3, 1.3, 1.3),
    new THREE.MeshPhongMaterial({ map: boxTex, emissiveMap: boxTex, emissive: 0xffffff, emissiveIntensity: 0.35, shininess: 100, transparent: true, opacity: 0.9 }),
    rows.length * lanes.length,
  );
  boxes.castShadow = true;
  scene.add(boxes);

  // The player's kart and three rivals.
  const palette = [0xe53935, 0x1e88e5, 0x43a047, 0xfdd835, 0x8e24aa, 0xff7043];
  const pick = () => palette[Math.floor(rand() * palette.length)]!;
  const player = kartModel(pick(), pick(), 0xffffff);
  scene.add(player);
  const rivals = [0, 1, 2].map((i) => ({
    kart: kartModel(pick(), pick(), pick()),
    gap: 13 + i * 12,
    swing: 3 + rand() * 2.5,
    k: 1 + i,
    ph: rand() * TAU,
    lane: [-3.2, 3.0, -0.4][i]!,
  }));
  for (const r of rivals) scene.add(r.kart);

  const smp = driveSample();
  const cam = driveSample();
  const kartPos = new THREE.Vector3();
  const m4 = new THREE.Matrix4();
  const q = new THREE.Quaternion();

  /** The kart's lateral place on the road: the racing line hugs the inside of turns, plus a gentle weave. */
  const lateral = (s: number, k: number, weavePhase: number) => {
    const u = (s / track.length) * TAU;
    return THREE.MathUtils.clamp(-k * 260, -4.5, 4.5) + 1.2 * Math.sin(3 * u + weavePhase);
  };

  const placeKart = (kart: THREE.Group, s: number, lane: number, t: number, wiggle: number) => {
    track.at(s, smp);
    const off = THREE.MathUtils.clamp(lane + lateral(s, smp.curvature, wiggle), -ROAD_HALF + 1.3, ROAD_HALF - 1.3);
    kartPos.copy(smp.pos).addScaledVector(smp.right, off);
    kart.position.copy(kartPos);
    kart.position.y += 0.05 + 0.04 * Math.sin(phase(t) * 60 + wiggle);
    // Karts drift: the nose swings into the turn, more the harder it turns.
    const yaw = Math.atan2(-smp.tangent.x, -smp.tangent.z) + THREE.MathUtils.clamp(smp.curvature * 6, -0.3, 0.3);
    const pitch = Math.asin(THREE.MathUtils.clamp(smp.tangent.y, -1, 1));
    kart.rotation.set(pitch, yaw, THREE.MathUtils.clamp(-smp.curvature * 6, -0.12, 0.12), "YXZ");
    const spin = driveWheelAngle(t, T, laps * track.length, 0.4);
    for (const w of kart.children) {
      if (!(w instanceof THREE.Group)) continue;
      const sp = w.getObjectByName("spin")!;
      sp.rotation.x = spin * (0.4 / w.userData.radius);
      if (w.name === "front") w.rotation.y = THREE.MathUtils.clamp(smp.curvature * 14, -0.5, 0.5);
    }
    return off;
  };

  const update = (t: number) => {
    const s = speed * t;
    const off = placeKart(player, s, 0, t, 0.7);
    for (const r of rivals) placeKart(r.kart, s + r.gap + r.swing * Math.sin(r.k * phase(t) + r.ph), r.lane, t, r.ph);

    // Chase camera: behind on the track itself, so it swings round corners a beat after the kart.
    const back = 8.5;
    track.at(s - back, cam);
    const camOff = off * 0.75;
    const eye = cam.pos.clone().addScaledVector(cam.right, camOff);
    // Halfway between the track behind and the kart, so hills tilt the view without pointing it at the road.
    eye.y = (eye.y + kartPos.y) / 2 + 3.3;
    track.at(s + 6, smp);
    const target = smp.pos.clone().addScaledVector(smp.right, off * 0.6);
    target.y += 1.2;
    driveAimCamera(camera, eye, target, THREE.MathUtils.clamp(cam.curvature * 5, -0.12, 0.12));

    sun.position.set(kartPos.x + 30, kartPos.y + 60, kartPos.z + 20);
    sun.target.position.copy(kartPos);

    let i = 0;
    for (const row of rows) {
      const rs = row * track.length;
      track.at(rs, smp);
      for (const lane of lanes) {
        // Seconds since the kart last passed this row (the kart reaches it laps times per loop).
        const lapTime = T / laps;
        const since = (((t - rs / speed) % lapTime) + lapTime) % lapTime;
        const hit = Math.abs(lane - lateral(rs, smp.curvature, 0.7)) < 1.6;
        const grow = hit ? THREE.MathUtils.smoothstep(since, 1.2, 2.2) : 1;
        const spin = phase(t) * 8 + lane;
        q.setFromEuler(new THREE.Euler(0.5, spin, 0.3));
        const p = smp.pos.clone().addScaledVector(smp.right, lane);
        p.y += 1.6 + 0.25 * Math.sin(phase(t) * 10 + lane * 2);
        const k = Math.max(grow, 0.001);
        m4.compose(p, q, new THREE.Vector3(k, k, k));
        boxes.setMatrixAt(i++, m4);
      }
    }
    boxes.instanceMatrix.needsUpdate = true;
  };

  return { scene, camera, update, loop: { kind: "periodic" } };
};

export default factory;
