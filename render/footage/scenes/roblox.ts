import * as THREE from "three";
import { mergeGeometries } from "three/examples/jsm/utils/BufferGeometryUtils.js";
import { seededRandom } from "../../seeded-random.ts";
import type { SceneFactory } from "../scene.ts";
import { blockyFigure } from "./shared/blocky-figure.ts";
import { type BakedLight, litColor } from "./shared/baked-light.ts";
import { contactShadowGeometry, contactShadowMaterial } from "./shared/contact-shadow.ts";
import { canvasTexture, skyDome, smoothstep, wrap } from "./shared/canvas-texture.ts";

/**
 * An obby: studded platforms floating on a closed loop in the sky, a blocky avatar running across each
 * and jumping the gaps (and hopping the red kill bricks), the camera following from behind. The avatar
 * goes round the loop once per clip, so its position is a periodic function of t and the camera, which
 * is built only from that function, closes the loop with it.
 */

interface Palette {
  sky: Array<[number, string]>;
  fog: number;
  blocks: number[];
  baseplate: number;
  sun: number;
  hemi: [number, number, number];
  avatar: { skin: number; shirt: number; pants: number; shoes: number; hair?: number; cap?: number };
}

const PALETTES: Record<string, Palette> = {
  studs: {
    sky: [[0, "#2f7fe0"], [0.6, "#7fbdf2"], [1, "#d6ecfb"]],
    fog: 0xcfe6f8,
    blocks: [0xe53935, 0x1e88e5, 0xfdd835, 0x43a047, 0xfb8c00, 0x8e24aa, 0xf5f5f5],
    baseplate: 0x4caf50,
    sun: 0xffffff,
    hemi: [0xdceeff, 0x6d8a5a, 1.6],
    avatar: { skin: 0xe0ac69, shirt: 0x2e7d32, pants: 0x37474f, shoes: 0x263238, hair: 0x4e342e },
  },
  "block-party": {
    sky: [[0, "#3b1f7a"], [0.5, "#b04fc2"], [0.85, "#ff8fb1"], [1, "#ffd1a8"]],
    fog: 0xe3a0c8,
    blocks: [0xff4fa3, 0x29d4f5, 0xb6f03c, 0xffd23f, 0x9b5cff, 0xff7a45],
    baseplate: 0x3a2a7a,
    sun: 0xffe0c0,
    hemi: [0xe0b0ff, 0x5a3a7a, 1.7],
    avatar: { skin: 0x8d5524, shirt: 0xff4fa3, pants: 0x1a237e, shoes: 0xffffff, cap: 0x29d4f5 },
  },
};

/** One stud per tile: the texture is multiplied by each block's colour. */
function studTexture() {
  return canvasTexture(64, 64, (g, w, h) => {
    g.fillStyle = "#d9d9d9";
    g.fillRect(0, 0, w, h);
    g.fillStyle = "#9a9a9a";
    g.beginPath();
    g.arc(w / 2 + 2, h / 2 + 3, 19, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#ffffff";
    g.beginPath();
    g.arc(w / 2, h / 2, 18, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#e6e6e6";
    g.beginPath();
    g.arc(w / 2 + 2, h / 2 + 2, 14, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "rgba(0,0,0,0.18)";
    g.fillRect(0, 0, w, 1);
    g.fillRect(0, 0, 1, h);
  });
}

function faceTexture() {
  return canvasTexture(64, 64, (g, w, h) => {
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, w, h);
    g.fillStyle = "#1b1b1b";
    g.fillRect(18, 22, 7, 10);
    g.fillRect(39, 22, 7, 10);
    g.lineWidth = 4;
    g.strokeStyle = "#1b1b1b";
    g.beginPath();
    g.arc(w / 2, 34, 13, 0.2 * Math.PI, 0.8 * Math.PI);
    g.stroke();
  });
}

const STUD = 0.5;
const BASE_Y = -34;
const SUN: [number, number, number] = [-12, 30, 8];

/**
 * A box whose top face is tiled with studs at one per STUD units, coloured per vertex; the sides sample a
 * plain corner of the stud tile so they stay smooth.
 */
function studdedBox(w: number, h: number, d: number, color: THREE.Color, at: THREE.Vector3, yaw: number) {
  const box = new THREE.BoxGeometry(w, h, d);
  const uv = box.getAttribute("uv"), normal = box.getAttribute("normal");
  for (let i = 0; i < uv.count; i++) {
    if (normal.getY(i) > 0.5) uv.setXY(i, uv.getX(i) * (w / STUD), uv.getY(i) * (d / STUD));
    else uv.setXY(i, 0.06, 0.94);
  }
  const colors = new Float32Array(uv.count * 3);
  for (let i = 0; i < uv.count; i++) colors.set([color.r, color.g, color.b], i * 3);
  box.setAttribute("color", new THREE.BufferAttribute(colors, 3));
  box.rotateY(yaw);
  box.translate(at.x, at.y, at.z);
  return box;
}

interface Platform {
  c: THREE.Vector3; // centre of the top face
  half: number; // half length along the path
  kill: boolean;
}

const factory: SceneFactory = (ctx) => {
  const rand = seededRandom(ctx.seed);
  const p = PALETTES[ctx.variant] ?? PALETTES.studs!;
  const party = ctx.variant === "block-party";
  const L = ctx.loopSeconds;

  const scene = new THREE.Scene();
  scene.fog = new THREE.Fog(p.fog, 45, 150);
  const camera = new THREE.PerspectiveCamera(64, ctx.width / ctx.height, 0.3, 190);
  const sky = skyDome(p.sky, 180);
  scene.add(sky);
  // the lights shade the avatar and the confetti; the course bakes the same lighting into its colours
  const light: BakedLight = { hemiSky: p.hemi[0], hemiGround: p.hemi[1], hemiIntensity: p.hemi[2], sun: p.sun, sunIntensity: 2.4, sunDir: SUN };
  scene.add(new THREE.HemisphereLight(p.hemi[0], p.hemi[1], p.hemi[2]));
  const sun = new THREE.DirectionalLight(p.sun, 2.4);
  scene.add(sun, sun.target);

  // --- the course: platforms on a wobbly closed loop, gently rising and falling ---
  const N = Math.max(12, Math.round(L * 0.8));
  const radius = (N * 8.6) / (2 * Math.PI);
  const phase = rand() * Math.PI * 2;
  const platforms: Platform[] = [];
  for (let i = 0; i < N; i++) {
    const a = (i / N) * Math.PI * 2;
    const r = radius * (1 + 0.1 * Math.sin(3 * a + phase));
    const y = 2.2 * Math.sin(a + phase) + 0.8 * Math.sin(2 * a) + (rand() - 0.5) * 0.4;
    platforms.push({ c: new THREE.Vector3(Math.cos(a) * r, y, Math.sin(a) * r), half: 1.5 + rand() * 1.3, kill: false });
  }
  for (let i = 0; i < N; i++) platforms[i]!.kill = platforms[i]!.half > 2.2 && i % 3 === 1;

  const pieces: THREE.BufferGeometry[] = [];
  const kills: THREE.BufferGeometry[] = [];
  const palette = p.blocks.map((c) => new THREE.Color(c));
  let last = -1;
  platforms.forEach((pl, i) => {
    const prev = platforms[(i - 1 + N) % N]!.c, next = platforms[(i + 1) % N]!.c;
    const yaw = Math.atan2(-(next.z - prev.z), next.x - prev.x);
    let k = Math.floor(rand() * palette.length);
    if (k === last) k = (k + 1) % palette.length;
    last = k;
    const beam = !pl.kill && rand() < 0.25;
    const width = beam ? 1.6 : 3 + rand() * 2.5;
    const thick = rand() < 0.3 ? 1.6 : 1;
    // yaw turns the box's x axis onto the path, so its length runs along x
    pieces.push(studdedBox(pl.half * 2, thick, width, palette[k]!, new THREE.Vector3(pl.c.x, pl.c.y - thick / 2, pl.c.z), yaw));
    // about a third of the platforms stand on studded columns down to the baseplate
    if (rand() < 0.35) {
      const colH = pl.c.y - thick - BASE_Y;
      pieces.push(studdedBox(1.2, colH, 1.2, palette[(k + 3) % palette.length]!, new THREE.Vector3(pl.c.x, BASE_Y + colH / 2, pl.c.z), yaw));
    }
    if (pl.kill) kills.push(new THREE.BoxGeometry(0.8, 0.5, width + 0.2).rotateY(yaw).translate(pl.c.x, pl.c.y + 0.25, pl.c.z));
  });
  // towers standing on the baseplate around the course, for depth and colour
  for (let i = 0; i < 34; i++) {
    const a = rand() * Math.PI * 2, r = radius * 2.3 + rand() * 70;
    const w = 5 + rand() * 9, h = 8 + rand() * 20;
    const color = palette[Math.floor(rand() * palette.length)]!;
    pieces.push(studdedBox(w, h, w * (0.6 + rand() * 0.8), color, new THREE.Vector3(Math.cos(a) * r, BASE_Y + h / 2, Math.sin(a) * r), rand() * 3));
  }
  const studs = studTexture();
  const courseGeo = mergeGeometries(pieces);
  const colors = courseGeo.getAttribute("color"), normals = courseGeo.getAttribute("normal");
  const n = new THREE.Vector3(), c = new THREE.Color();
  for (let i = 0; i < colors.count; i++) {
    litColor(light, n.fromBufferAttribute(normals, i), c);
    colors.setXYZ(i, colors.getX(i) * c.r, colors.getY(i) * c.g, colors.getZ(i) * c.b);
  }
  const course = new THREE.Mesh(courseGeo, new THREE.MeshBasicMaterial({ map: studs, vertexColors: true }));
  scene.add(course);
  if (kills.length) {
    const killMesh = new THREE.Mesh(mergeGeometries(kills), new THREE.MeshBasicMaterial({ color: 0xff2a2a }));
    scene.add(killMesh);
  }

  // baseplate far below, studded like everything else
  const baseTex = studs.clone();
  baseTex.repeat.set(400 / STUD / 4, 400 / STUD / 4);
  const base = new THREE.Mesh(new THREE.PlaneGeometry(400, 400), new THREE.MeshBasicMaterial({ color: new THREE.Color(p.baseplate).multiply(litColor(light, new THREE.Vector3(0, 1, 0))), map: baseTex }));
  base.rotation.x = -Math.PI / 2;
  base.position.y = BASE_Y;
  scene.add(base);

  // floating scenery: clouds (studs) or confetti blocks (block-party) drifting round the loop
  const floaters = new THREE.InstancedMesh(
    new THREE.BoxGeometry(1, 1, 1),
    party ? new THREE.MeshLambertMaterial({ color: 0xffffff, emissive: 0x222222 }) : new THREE.MeshBasicMaterial({ color: 0xffffff }),
    party ? 60 : 26,
  );
  const floatData = Array.from({ length: floaters.count }, (_, i) => {
    const a = rand() * Math.PI * 2, r = radius * (party ? 0.4 + rand() * 1.6 : 2.2 + rand() * 2.5);
    const size = party ? 0.5 + rand() * 1.2 : 4 + rand() * 8;
    if (party) floaters.setColorAt(i, palette[i % palette.length]!);
    return { a, r, y: party ? -6 + rand() * 22 : 30 + rand() * 20, size, spin: party ? rand() : 0 };
  });
  // the instances move every frame; a bounding sphere computed once would cull them wrongly
  floaters.frustumCulled = false;
  scene.add(floaters);

  // --- the avatar's run: centre to centre in equal times, jumping each gap ---
  const seg = L / N;
  let groundY = 0;
  const tmp = new THREE.Vector3();
  const avatarAt = (time: number, out: THREE.Vector3) => {
    const u = wrap(time, L) / seg;
    const i = Math.floor(u) % N, f = u - Math.floor(u);
    const a = platforms[i]!, b = platforms[(i + 1) % N]!;
    const D = Math.hypot(b.c.x - a.c.x, b.c.z - a.c.z), s = f * D;
    out.set(a.c.x + (b.c.x - a.c.x) * f, 0, a.c.z + (b.c.z - a.c.z) * f);
    const g0 = a.half, g1 = D - b.half;
    let y: number, air = 0;
    groundY = s <= g0 ? a.c.y : s >= g1 ? b.c.y : Number.NaN;
    if (s <= g0) y = a.c.y;
    else if (s >= g1) y = b.c.y;
    else {
      const w = (s - g0) / (g1 - g0);
      air = 1;
      y = a.c.y + (b.c.y - a.c.y) * w + 4 * (1.6 + Math.max(0, b.c.y - a.c.y) * 0.5) * w * (1 - w);
    }
    // hop over a kill brick in the middle of a platform
    const hop = (ds: number, pl: Platform) => {
      if (!pl.kill || Math.abs(ds) > 1.3) return 0;
      const w = (ds + 1.3) / 2.6;
      air = Math.max(air, 1);
      return 4 * 1.1 * w * (1 - w);
    };
    y += hop(s, a) + hop(s - D, b);
    out.y = y;
    return air;
  };

  const avatar = blockyFigure({ ...p.avatar, headScale: 1.35, face: faceTexture() });
  avatar.root.scale.setScalar(1.05);
  scene.add(avatar.root);
  const shadow = new THREE.Mesh(contactShadowGeometry(), contactShadowMaterial(0.45));
  shadow.renderOrder = 1;
  scene.add(shadow);

  const pos = new THREE.Vector3(), ahead = new THREE.Vector3(), behind = new THREE.Vector3();
  const camTarget = new THREE.Vector3(), dir = new THREE.Vector3(), smooth = new THREE.Vector3();
  const m4 = new THREE.Matrix4(), q = new THREE.Quaternion(), e = new THREE.Euler(), sc = new THREE.Vector3();
  const stepCycles = Math.round(1.7 * L);
  const floatTurns = party ? 1 : 0;

  return {
    scene,
    camera,
    loop: { kind: "periodic" },
    update(t) {
      const air = avatarAt(t, pos);
      avatarAt(t + 0.12, ahead);
      avatarAt(t - 0.12, behind);
      avatar.root.position.copy(pos);
      // the shadow stays on the platform underfoot and shrinks as the avatar rises; over a gap there is none
      const rise = Number.isNaN(groundY) ? 99 : pos.y - groundY;
      const size = Math.max(0, 1 - rise * 0.3);
      shadow.position.set(pos.x, groundY + 0.03, pos.z);
      shadow.scale.set(1.5 * size, 1, 1.2 * size);
      shadow.visible = size > 0;
      avatar.root.rotation.y = Math.atan2(-(ahead.x - behind.x), -(ahead.z - behind.z));
      avatar.pose({ phase: (2 * Math.PI * stepCycles * t) / L, stride: 1, air: smoothstep(0, 0.5, air), lean: 0.08 });

      // the camera trails a smoothed copy of the avatar's path
      smooth.set(0, 0, 0);
      for (let k = 0; k < 6; k++) {
        avatarAt(t - 0.15 - k * 0.1, tmp);
        smooth.add(tmp);
      }
      smooth.multiplyScalar(1 / 6);
      avatarAt(t + 0.9, tmp);
      dir.set(tmp.x - smooth.x, 0, tmp.z - smooth.z).normalize();
      camera.position.set(smooth.x - dir.x * 9.5, smooth.y + 5.8, smooth.z - dir.z * 9.5);
      camTarget.set(pos.x + dir.x * 3, smooth.y + 1.2, pos.z + dir.z * 3);
      camera.lookAt(camTarget);
      sky.position.copy(camera.position);

      sun.position.set(pos.x + SUN[0], pos.y + SUN[1], pos.z + SUN[2]);
      sun.target.position.copy(pos);

      const turn = (2 * Math.PI * t) / L;
      floatData.forEach((f, i) => {
        const a = f.a + turn * floatTurns;
        e.set(f.spin * 6 + turn * 2 * floatTurns, f.spin * 3 + turn * floatTurns, 0);
        const s = f.size;
        floaters.setMatrixAt(
          i,
          m4.compose(tmp.set(Math.cos(a) * f.r, f.y + (party ? Math.sin(turn * 2 + i) * 1.5 : 0), Math.sin(a) * f.r), q.setFromEuler(e), sc.set(s, party ? s : s * 0.35, party ? s : s * 0.6)),
        );
      });
      floaters.instanceMatrix.needsUpdate = true;
    },
  };
};

export default factory;
