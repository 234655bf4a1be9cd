/**
 * Draws the sample card's listing photos (schemas/src/demo/model.ts, DEMO_LISTINGS): plain SVG scenes
 * (a seaside block of flats, rooms, a stone house with a pool, an olive grove, a shop front)
 * rendered by sharp, the image library the upload pipeline already uses, and sent through that
 * pipeline (infra/src/images/process.ts with the product preset) like an owner's upload. Its three
 * variants (1200×800 JPEG, 400 px JPEG and WebP) are the files next to this script. Made here,
 * from shapes and gradients: nobody's photograph, nobody's rights.
 *
 * Deterministic (no clock, no random source: the few scattered details come from a seeded
 * generator). The seed does not draw: encoding twelve photos costs seconds of CPU on every start,
 * and an encoder on other hardware could name them differently; it stores the committed variants
 * under their content hash as the upload route does (command-api/src/demo/catalogue.ts).
 *
 *   npx tsx command-api/src/demo/photos/draw.ts
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_PHOTOS, type DemoPhoto } from '@kartvizit/schemas/demo/model';
import { processImage, type ProcessedImage } from '@kartvizit/infra/images/process';
import { PRODUCT_IMAGE_PRESET } from '../../product/images.ts';

const W = 1200;
const H = 800;

/** Mulberry32: a tiny seeded generator, so 'random' trees and windows are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (value: number) => Math.round(value * 10) / 10;

function svg(body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>
<filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="28"/></filter>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe3f1"/><stop offset=".55" stop-color="#7fa6c4"/><stop offset="1" stop-color="#4f7595"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>
${defs}
</defs>
${body}
</svg>`;
}

function sky(top: string, bottom: string, height = H): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<rect width="${W}" height="${height}" fill="url(#sky)"/>`;
}

function clouds(random: () => number, count: number, maxY: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = random() * W;
    const y = 40 + random() * maxY;
    const w = 120 + random() * 220;
    out += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(w)}" ry="${r1(w / 5)}" fill="#fff" opacity=".55" filter="url(#soft)"/>`;
  }
  return out;
}

function hills(y: number, color: string, random: () => number, amplitude = 40): string {
  let path = `M0 ${H} L0 ${y}`;
  for (let x = 0; x <= W; x += 100)
    path += ` Q${x + 50} ${r1(y - random() * amplitude)} ${x + 100} ${r1(y - random() * amplitude * 0.5)}`;
  return `<path d="${path} L${W} ${H} Z" fill="${color}"/>`;
}

function sea(y: number, depth: number, random: () => number): string {
  let glints = '';
  for (let i = 0; i < 70; i++) {
    const x = random() * W;
    const gy = y + 6 + random() * depth * 0.9;
    glints += `<rect x="${r1(x)}" y="${r1(gy)}" width="${r1(14 + random() * 40)}" height="2" fill="#fff" opacity="${r1(0.15 + random() * 0.35)}"/>`;
  }
  return `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d9cc4"/><stop offset="1" stop-color="#1f5f8b"/></linearGradient>
<rect y="${y}" width="${W}" height="${depth}" fill="url(#sea)"/>${glints}`;
}

function palm(x: number, ground: number, height: number): string {
  const top = ground - height;
  let leaves = '';
  for (const angle of [-150, -115, -80, -45, -10, 20, 200]) {
    const rad = (angle * Math.PI) / 180;
    const ex = x + Math.cos(rad) * 110;
    const ey = top + Math.sin(rad) * 60 + 40;
    leaves += `<path d="M${x} ${top} Q${r1((x + ex) / 2)} ${r1(top - 40)} ${r1(ex)} ${r1(ey)}" stroke="#3f6b34" stroke-width="16" fill="none" stroke-linecap="round"/>`;
  }
  return `<path d="M${x - 8} ${ground} Q${x + 14} ${r1(ground - height / 2)} ${x} ${top} L${x + 10} ${top} Q${x + 26} ${r1(ground - height / 2)} ${x + 10} ${ground} Z" fill="#8a6b4a"/>${leaves}`;
}

function oliveTree(x: number, ground: number, size: number, random: () => number): string {
  let crown = '';
  for (let i = 0; i < 7; i++) {
    const cx = x + (random() - 0.5) * size * 1.1;
    const cy = ground - size * 0.9 - random() * size * 0.5;
    crown += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(size * (0.35 + random() * 0.2))}" ry="${r1(size * (0.22 + random() * 0.12))}" fill="${i % 2 ? '#6f7f52' : '#849468'}"/>`;
  }
  return `<ellipse cx="${x}" cy="${ground + 4}" rx="${r1(size * 0.8)}" ry="${r1(size * 0.12)}" fill="#000" opacity=".18" filter="url(#soft)"/>
<path d="M${r1(x - size * 0.08)} ${ground} C${r1(x - size * 0.2)} ${r1(ground - size * 0.4)} ${r1(x + size * 0.1)} ${r1(ground - size * 0.5)} ${x} ${r1(ground - size * 0.8)} L${r1(x + size * 0.1)} ${r1(ground - size * 0.8)} C${r1(x + size * 0.2)} ${r1(ground - size * 0.4)} ${r1(x + size * 0.05)} ${r1(ground - size * 0.3)} ${r1(x + size * 0.1)} ${ground} Z" fill="#5b4636"/>${crown}`;
}

/** A block of flats seen from the front: storeys of windows with balconies, a roof, a shadowed side. */
function apartmentBlock(
  x: number,
  ground: number,
  width: number,
  floors: number,
  wall: string,
  random: () => number,
  door = true,
): string {
  const floorHeight = 58;
  const top = ground - floors * floorHeight - 30;
  let windows = '';
  const columns = Math.max(2, Math.round(width / 90));
  const step = width / columns;
  for (let floor = 0; floor < floors; floor++) {
    const y = ground - (floor + 1) * floorHeight;
    for (let c = 0; c < columns; c++) {
      const wx = x + c * step + step * 0.18;
      const lit = random() > 0.8 ? '#f3e2b5' : 'url(#glass)';
      windows += `<rect x="${r1(wx)}" y="${r1(y + 10)}" width="${r1(step * 0.64)}" height="34" fill="${lit}"/>`;
      windows += `<rect x="${r1(wx)}" y="${r1(y + 10)}" width="${r1(step * 0.64)}" height="34" fill="none" stroke="#f7f5f0" stroke-width="3"/>`;
    }
    if (floor > 0) {
      windows += `<rect x="${r1(x - 6)}" y="${r1(y + 40)}" width="${r1(width + 12)}" height="6" fill="#f4f1ea"/>`;
      windows += `<rect x="${r1(x - 6)}" y="${r1(y + 46)}" width="${r1(width + 12)}" height="12" fill="#9fb3bf" opacity=".55"/>`;
    }
  }
  return `<rect x="${x + width}" y="${top + 10}" width="${r1(width * 0.22)}" height="${ground - top - 10}" fill="${wall}" opacity=".75"/>
<rect x="${x + width}" y="${top + 10}" width="${r1(width * 0.22)}" height="${ground - top - 10}" fill="#000" opacity=".18"/>
<rect x="${x}" y="${top}" width="${width}" height="${ground - top}" fill="${wall}"/>
<rect x="${x - 8}" y="${top - 8}" width="${width + 16}" height="12" fill="#d9d2c5"/>
${windows}
${door ? `<rect x="${r1(x + width / 2 - 30)}" y="${ground - 52}" width="60" height="52" fill="#5a4a3c"/>` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Rooms: one-point perspective boxes, furnished per room.

interface Room {
  readonly wall: string;
  readonly floor: 'parquet' | 'tiles' | 'carpet' | 'concrete';
  readonly floorColor: string;
  /** The window on the back wall and what it shows. */
  readonly view: 'sea' | 'city' | 'garden' | 'street';
}

const BACK = { x1: 260, y1: 150, x2: 940, y2: 560 };

function roomShell(room: Room, random: () => number): string {
  const { x1, y1, x2, y2 } = BACK;
  const floorLines: string[] = [];
  if (room.floor === 'parquet') {
    for (let i = -12; i <= 12; i++) {
      const bx = (x1 + x2) / 2 + i * ((x2 - x1) / 24);
      const fx = W / 2 + i * (W / 12);
      floorLines.push(
        `<line x1="${r1(bx)}" y1="${y2}" x2="${r1(fx)}" y2="${H}" stroke="#000" stroke-opacity=".09" stroke-width="2"/>`,
      );
    }
  } else if (room.floor === 'tiles' || room.floor === 'concrete') {
    for (let i = -6; i <= 6; i++) {
      const bx = (x1 + x2) / 2 + i * ((x2 - x1) / 12);
      const fx = W / 2 + i * (W / 6);
      floorLines.push(
        `<line x1="${r1(bx)}" y1="${y2}" x2="${r1(fx)}" y2="${H}" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`,
      );
    }
    for (const t of [0.12, 0.3, 0.55, 0.85]) {
      const y = y2 + (H - y2) * t;
      floorLines.push(
        `<line x1="0" y1="${r1(y)}" x2="${W}" y2="${r1(y)}" stroke="#fff" stroke-opacity=".3" stroke-width="2"/>`,
      );
    }
  }
  const windowWidth = (x2 - x1) * 0.56;
  const wx = x1 + (x2 - x1 - windowWidth) / 2;
  const wy = y1 + 40;
  const wh = (y2 - y1) * 0.62;
  let outside: string;
  if (room.view === 'sea') {
    outside = `<rect x="${wx}" y="${wy}" width="${windowWidth}" height="${wh * 0.55}" fill="#a9cde6"/><rect x="${wx}" y="${r1(wy + wh * 0.55)}" width="${windowWidth}" height="${r1(wh * 0.45)}" fill="#3d7fab"/><path d="M${wx} ${r1(wy + wh * 0.55)} q80 -30 160 -8 t120 -4 v8 h-280 z" fill="#7d95a3"/>`;
  } else if (room.view === 'city') {
    outside = `<rect x="${wx}" y="${wy}" width="${windowWidth}" height="${wh}" fill="#b8d3e6"/>`;
    for (let i = 0; i < 9; i++) {
      const bw = 28 + random() * 36;
      const bx = wx + i * (windowWidth / 9);
      const bh = 40 + random() * wh * 0.7;
      outside += `<rect x="${r1(bx)}" y="${r1(wy + wh - bh)}" width="${r1(bw)}" height="${r1(bh)}" fill="${i % 2 ? '#8ea2b2' : '#a6b6c2'}"/>`;
    }
  } else if (room.view === 'garden') {
    outside = `<rect x="${wx}" y="${wy}" width="${windowWidth}" height="${wh}" fill="#bcdcea"/><ellipse cx="${r1(wx + windowWidth * 0.3)}" cy="${r1(wy + wh)}" rx="120" ry="90" fill="#7da35c"/><ellipse cx="${r1(wx + windowWidth * 0.75)}" cy="${r1(wy + wh)}" rx="140" ry="70" fill="#6a9450"/>`;
  } else {
    outside = `<rect x="${wx}" y="${wy}" width="${windowWidth}" height="${wh}" fill="#c9d6de"/><rect x="${wx}" y="${r1(wy + wh * 0.7)}" width="${windowWidth}" height="${r1(wh * 0.3)}" fill="#9a9c9e"/>`;
  }
  const mullions = `<rect x="${wx}" y="${wy}" width="${windowWidth}" height="${r1(wh)}" fill="none" stroke="#f5f3ee" stroke-width="10"/><line x1="${r1(wx + windowWidth / 2)}" y1="${wy}" x2="${r1(wx + windowWidth / 2)}" y2="${r1(wy + wh)}" stroke="#f5f3ee" stroke-width="8"/>`;
  const light = `<polygon points="${wx},${r1(wy + wh)} ${r1(wx + windowWidth)},${r1(wy + wh)} ${r1(wx + windowWidth + 160)},${H} ${r1(wx - 160)},${H}" fill="#fff6dc" opacity=".22" filter="url(#soft)"/>`;
  return `<rect width="${W}" height="${H}" fill="${room.wall}"/>
<polygon points="0,0 ${x1},${y1} ${x1},${y2} 0,${H}" fill="#000" opacity=".07"/>
<polygon points="${W},0 ${x2},${y1} ${x2},${y2} ${W},${H}" fill="#000" opacity=".12"/>
<polygon points="0,0 ${W},0 ${x2},${y1} ${x1},${y1}" fill="#fff" opacity=".35"/>
<polygon points="0,${H} ${x1},${y2} ${x2},${y2} ${W},${H}" fill="${room.floorColor}"/>
${floorLines.join('')}
<rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" fill="${room.wall}"/>
<rect x="${x1}" y="${y2 - 10}" width="${x2 - x1}" height="10" fill="#f5f3ee"/>
${outside}${mullions}${light}
<rect width="${W}" height="${H}" fill="url(#shade)"/>`;
}

function sofa(x: number, y: number, width: number, color: string): string {
  return `<ellipse cx="${r1(x + width / 2)}" cy="${y + 150}" rx="${r1(width * 0.55)}" ry="26" fill="#000" opacity=".25" filter="url(#soft)"/>
<rect x="${x}" y="${y}" width="${width}" height="90" rx="18" fill="${color}"/>
<rect x="${x}" y="${y}" width="${width}" height="90" rx="18" fill="#000" opacity=".12"/>
<rect x="${x - 20}" y="${y + 40}" width="50" height="100" rx="16" fill="${color}"/>
<rect x="${x + width - 30}" y="${y + 40}" width="50" height="100" rx="16" fill="${color}"/>
<rect x="${x + 24}" y="${y + 70}" width="${width - 48}" height="60" rx="12" fill="${color}"/>
<rect x="${x + 24}" y="${y + 70}" width="${width - 48}" height="14" rx="7" fill="#fff" opacity=".15"/>
<rect x="${x + 50}" y="${y + 22}" width="70" height="55" rx="12" fill="#e9c46a"/>
<rect x="${x + width - 120}" y="${y + 22}" width="70" height="55" rx="12" fill="#f4efe6"/>`;
}

function plant(x: number, y: number, scale = 1): string {
  let leaves = '';
  for (const [dx, dy, rot] of [
    [-30, -70, -30],
    [20, -90, 20],
    [-10, -120, -5],
    [35, -50, 45],
    [-40, -40, -60],
  ] as const) {
    leaves += `<ellipse cx="${r1(x + dx * scale)}" cy="${r1(y + dy * scale)}" rx="${r1(18 * scale)}" ry="${r1(46 * scale)}" transform="rotate(${rot} ${r1(x + dx * scale)} ${r1(y + dy * scale)})" fill="#4f7d3f"/>`;
  }
  return `${leaves}<path d="M${r1(x - 28 * scale)} ${y} h${r1(56 * scale)} l${r1(-8 * scale)} ${r1(60 * scale)} h${r1(-40 * scale)} z" fill="#c9b8a0"/>`;
}

function lamp(x: number, floor: number): string {
  return `<line x1="${x}" y1="${floor}" x2="${x}" y2="${floor - 260}" stroke="#333" stroke-width="5"/><path d="M${x - 40} ${floor - 250} h80 l-18 -56 h-44 z" fill="#f3e6c8"/><ellipse cx="${x}" cy="${floor - 260}" rx="90" ry="60" fill="#fff3cf" opacity=".35" filter="url(#softer)"/><rect x="${x - 26}" y="${floor - 6}" width="52" height="8" rx="4" fill="#333"/>`;
}

function rug(cx: number, cy: number, color: string): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="360" ry="70" fill="${color}" opacity=".85"/><ellipse cx="${cx}" cy="${cy}" rx="320" ry="56" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="4"/>`;
}

function frame(x: number, y: number, w: number, h: number, fill: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f4ee" stroke="#3a3a3a" stroke-width="6"/><rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h - 28}" fill="${fill}"/>`;
}

function livingRoom(random: () => number): string {
  return svg(`${roomShell({ wall: '#ece6dc', floor: 'parquet', floorColor: '#b98b5e', view: 'sea' }, random)}
${rug(600, 690, '#c8b9a6')}
${frame(140, 230, 90, 120, '#8fb3c9')}
${lamp(1040, 640)}
${plant(180, 620, 1.3)}
${sofa(380, 500, 440, '#6b7f8e')}
<rect x="470" y="670" width="260" height="22" rx="6" fill="#6d4c33"/><rect x="490" y="690" width="10" height="50" fill="#4d3524"/><rect x="700" y="690" width="10" height="50" fill="#4d3524"/>
<circle cx="560" cy="662" r="12" fill="#fff"/><rect x="620" y="654" width="60" height="14" rx="3" fill="#2a9d8f"/>`);
}

function bedroom(random: () => number): string {
  return svg(`${roomShell({ wall: '#e6e0d3', floor: 'parquet', floorColor: '#c49c70', view: 'garden' }, random)}
<ellipse cx="600" cy="770" rx="420" ry="40" fill="#000" opacity=".25" filter="url(#soft)"/>
<rect x="360" y="430" width="480" height="150" rx="14" fill="#7c6a58"/>
<rect x="320" y="560" width="560" height="200" rx="18" fill="#f6f3ee"/>
<rect x="320" y="620" width="560" height="140" rx="18" fill="#9ab0a0"/>
<rect x="380" y="540" width="180" height="70" rx="20" fill="#fff"/><rect x="640" y="540" width="180" height="70" rx="20" fill="#fff"/>
<rect x="200" y="600" width="100" height="110" rx="6" fill="#a68063"/><rect x="900" y="600" width="100" height="110" rx="6" fill="#a68063"/>
<path d="M228 600 h44 l-10 -50 h-24 z" fill="#f3e6c8"/><path d="M928 600 h44 l-10 -50 h-24 z" fill="#f3e6c8"/>
<ellipse cx="250" cy="560" rx="70" ry="50" fill="#fff3cf" opacity=".4" filter="url(#softer)"/>`);
}

function kitchen(random: () => number): string {
  const { x1, x2, y2 } = BACK;
  let cabinets = '';
  for (let i = 0; i < 6; i++) {
    const cx = x1 + 10 + i * ((x2 - x1 - 20) / 6);
    const cw = (x2 - x1 - 20) / 6 - 8;
    cabinets += `<rect x="${r1(cx)}" y="175" width="${r1(cw)}" height="110" fill="#f3f1ec" stroke="#d7d2c8" stroke-width="3"/>`;
    cabinets += `<rect x="${r1(cx)}" y="${y2 - 150}" width="${r1(cw)}" height="140" fill="#2f4858" stroke="#243845" stroke-width="3"/><rect x="${r1(cx + cw / 2 - 16)}" y="${y2 - 138}" width="32" height="5" rx="2" fill="#c9a86a"/>`;
  }
  return svg(`${roomShell({ wall: '#f1ede6', floor: 'tiles', floorColor: '#cfc8bd', view: 'city' }, random)}
<rect x="${x1}" y="175" width="${x2 - x1}" height="300" fill="#f1ede6"/>
${cabinets}
<rect x="${x1}" y="${y2 - 170}" width="${x2 - x1}" height="22" fill="#e8e4dc"/>
<rect x="${x1 + 120}" y="300" width="${x2 - x1 - 240}" height="100" fill="#dfe7ec"/>
<rect x="${x1 + 220}" y="${y2 - 200}" width="80" height="30" rx="4" fill="#999"/>
<ellipse cx="600" cy="780" rx="430" ry="30" fill="#000" opacity=".25" filter="url(#soft)"/>
<rect x="300" y="600" width="600" height="40" fill="#ece8e0"/><rect x="320" y="640" width="560" height="130" fill="#2f4858"/>
${[430, 600, 770].map((x) => `<line x1="${x}" y1="0" x2="${x}" y2="160" stroke="#333" stroke-width="3"/><path d="M${x - 34} 190 q34 -50 68 0 z" fill="#c9a86a"/><ellipse cx="${x}" cy="200" rx="50" ry="26" fill="#fff3cf" opacity=".5" filter="url(#soft)"/>`).join('')}
<circle cx="420" cy="590" r="16" fill="#e76f51"/><circle cx="452" cy="592" r="14" fill="#f4a261"/><rect x="700" y="570" width="80" height="30" rx="6" fill="#fff"/>`);
}

function office(random: () => number, meeting: boolean): string {
  let desks = '';
  if (meeting) {
    desks += `<ellipse cx="600" cy="690" rx="380" ry="40" fill="#000" opacity=".2" filter="url(#soft)"/><rect x="260" y="590" width="680" height="34" rx="17" fill="#5d4a3a"/><rect x="300" y="624" width="14" height="90" fill="#333"/><rect x="886" y="624" width="14" height="90" fill="#333"/>`;
    for (let i = 0; i < 4; i++) {
      const cx = 330 + i * 170;
      desks += `<rect x="${cx}" y="520" width="90" height="80" rx="14" fill="#222"/><rect x="${cx - 40 + (i === 0 ? 0 : 0)}" y="690" width="0" height="0"/>`;
    }
    desks += `<rect x="420" y="200" width="360" height="200" fill="#1f2933" stroke="#444" stroke-width="6"/><rect x="436" y="216" width="328" height="168" fill="#2b6f8f" opacity=".7"/>`;
  } else {
    for (let row = 0; row < 2; row++) {
      for (let i = 0; i < 3; i++) {
        const x = 140 + i * 330 + row * 60;
        const y = 560 + row * 110;
        desks += `<ellipse cx="${x + 130}" cy="${y + 90}" rx="150" ry="16" fill="#000" opacity=".2" filter="url(#soft)"/><rect x="${x}" y="${y}" width="260" height="18" fill="#f3f1ec"/><rect x="${x + 10}" y="${y + 18}" width="8" height="70" fill="#555"/><rect x="${x + 242}" y="${y + 18}" width="8" height="70" fill="#555"/><rect x="${x + 90}" y="${y - 70}" width="90" height="60" rx="4" fill="#222"/><rect x="${x + 130}" y="${y - 10}" width="10" height="10" fill="#222"/><rect x="${x + 100}" y="${y + 30}" width="70" height="60" rx="12" fill="#2f4858"/>`;
      }
    }
  }
  const lights = [300, 600, 900].map(
    (x) =>
      `<rect x="${x - 90}" y="40" width="180" height="14" rx="7" fill="#fff"/><ellipse cx="${x}" cy="70" rx="140" ry="40" fill="#fff" opacity=".35" filter="url(#soft)"/>`,
  );
  return svg(`${roomShell({ wall: '#e9ecee', floor: 'concrete', floorColor: '#a7adb1', view: 'city' }, random)}
${lights.join('')}
${plant(1060, 700, 1.4)}${plant(150, 720, 1.1)}
${desks}`);
}

function shopInterior(random: () => number): string {
  let shelves = '';
  for (const x of [80, 1000]) {
    for (let i = 0; i < 4; i++)
      shelves += `<rect x="${x}" y="${220 + i * 110}" width="120" height="12" fill="#b08a64"/>`;
  }
  return svg(`${roomShell({ wall: '#f4f2ee', floor: 'tiles', floorColor: '#d9d4ca', view: 'street' }, random)}
${shelves}
${[400, 600, 800].map((x) => `<circle cx="${x}" cy="60" r="16" fill="#fff"/><ellipse cx="${x}" cy="80" rx="90" ry="40" fill="#fff" opacity=".4" filter="url(#soft)"/>`).join('')}
<ellipse cx="600" cy="720" rx="240" ry="24" fill="#000" opacity=".2" filter="url(#soft)"/><rect x="430" y="600" width="340" height="110" rx="6" fill="#3d5a6c"/><rect x="430" y="590" width="340" height="16" rx="4" fill="#e9e4da"/>`);
}

// ---------------------------------------------------------------------------------------------
// Outside.

function seasideBlock(random: () => number): string {
  return svg(`${sky('#6fa8dc', '#d8e9f5', 430)}${clouds(random, 6, 160)}
${hills(330, '#9aa9a0', random, 50)}
${sea(330, 130, random)}
<rect y="455" width="${W}" height="345" fill="#c9c1b2"/>
<rect y="455" width="${W}" height="18" fill="#e5dfd3"/>
${apartmentBlock(120, 700, 380, 6, '#efe7da', random)}
${apartmentBlock(640, 700, 300, 5, '#e3d5c0', random)}
<rect y="700" width="${W}" height="100" fill="#8d8a84"/><rect y="700" width="${W}" height="8" fill="#d1ccc2"/>
${palm(560, 705, 300)}${palm(1040, 705, 260)}
<rect y="760" width="${W}" height="40" fill="#000" opacity=".12"/>`);
}

function siteComplex(random: () => number): string {
  return svg(`${sky('#80b3de', '#e4eff7', 520)}${clouds(random, 5, 140)}
${hills(470, '#a9b7a2', random, 60)}
${apartmentBlock(60, 620, 260, 8, '#f1ede4', random)}
${apartmentBlock(430, 600, 300, 9, '#e8dccb', random)}
${apartmentBlock(860, 630, 240, 7, '#f1ede4', random)}
<rect y="620" width="${W}" height="180" fill="#7ea35a"/>
<path d="M300 800 Q520 650 900 660 L1200 700 L1200 800 Z" fill="#d8cfbf"/>
<rect x="380" y="690" width="420" height="80" rx="40" fill="#4fb0d6"/><rect x="392" y="700" width="396" height="18" rx="9" fill="#fff" opacity=".35"/>
${oliveTree(180, 700, 110, random)}${oliveTree(1020, 720, 120, random)}`);
}

function stoneHouse(random: () => number, withPool: boolean): string {
  let stones = '';
  for (let row = 0; row < 14; row++) {
    let x = 230 + (row % 2) * 22;
    while (x < 970) {
      const w = 36 + random() * 40;
      stones += `<rect x="${r1(x)}" y="${260 + row * 24}" width="${r1(Math.min(w, 970 - x))}" height="21" rx="5" fill="${random() > 0.5 ? '#d9c6a5' : '#cdb793'}"/>`;
      x += w + 4;
    }
  }
  let bougainvillea = '';
  for (let i = 0; i < 26; i++) {
    bougainvillea += `<circle cx="${r1(240 + random() * 160)}" cy="${r1(250 + random() * 160)}" r="${r1(12 + random() * 16)}" fill="${i % 3 ? '#d6337a' : '#b5235f'}"/>`;
  }
  const shutters = [330, 560, 790]
    .map(
      (x) =>
        `<rect x="${x}" y="320" width="90" height="120" fill="#2b4a5c"/><rect x="${x - 34}" y="320" width="32" height="120" fill="#3b8fb5"/><rect x="${x + 92}" y="320" width="32" height="120" fill="#3b8fb5"/>`,
    )
    .join('');
  const pool = withPool
    ? `<rect y="600" width="${W}" height="200" fill="#efe6d6"/><linearGradient id="pool" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fd0e8"/><stop offset="1" stop-color="#2a8fb8"/></linearGradient><polygon points="140,640 1060,640 1180,790 20,790" fill="url(#pool)"/>${Array.from({ length: 14 }, () => `<path d="M${r1(100 + random() * 1000)} ${r1(660 + random() * 120)} q20 -8 40 0 t40 0" stroke="#fff" stroke-opacity=".5" stroke-width="3" fill="none"/>`).join('')}<rect x="60" y="600" width="180" height="26" rx="6" fill="#fff"/><rect x="960" y="600" width="180" height="26" rx="6" fill="#fff"/>`
    : `<rect y="600" width="${W}" height="200" fill="#d9cdb6"/>`;
  return svg(`${sky('#3f8fd0', '#bfe0f5', 600)}
${hills(520, '#b0a98e', random, 30)}
<rect x="210" y="240" width="780" height="370" fill="#d4bf9c"/>${stones}
<polygon points="190,244 600,150 1010,244" fill="#b8643f"/>
${shutters}
<rect x="560" y="470" width="90" height="140" fill="#2b4a5c"/><rect x="526" y="470" width="32" height="140" fill="#3b8fb5"/><rect x="652" y="470" width="32" height="140" fill="#3b8fb5"/>
${bougainvillea}
${pool}
${palm(1090, 610, 330)}`);
}

function oliveGrove(random: () => number, evening: boolean): string {
  let trees = '';
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < 6; i++) {
      const size = 70 + row * 40;
      const x = 80 + i * 210 + (row % 2) * 100 + random() * 40;
      trees += oliveTree(x, 520 + row * 110, size, random);
    }
  }
  let stakes = '';
  for (let i = 0; i < 12; i++) stakes += `<rect x="${40 + i * 100}" y="730" width="8" height="40" fill="#7a5c3e"/>`;
  return svg(`${evening ? sky('#e9a66b', '#fbe2b9', 420) : sky('#79b4e3', '#e6f1f8', 420)}
${evening ? '<circle cx="900" cy="330" r="60" fill="#fff2c7" opacity=".9"/>' : ''}
${sea(360, 60, random)}
${hills(380, evening ? '#a08a6e' : '#93a383', random, 40)}
<rect y="420" width="${W}" height="380" fill="${evening ? '#b49a6a' : '#b7a774'}"/>
<path d="M0 430 Q600 410 1200 440 L1200 470 Q600 450 0 470 Z" fill="#000" opacity=".06"/>
${trees}
<line x1="40" y1="745" x2="1160" y2="745" stroke="#9a8a74" stroke-width="3"/>${stakes}`);
}

function shopFront(random: () => number): string {
  return svg(`<rect width="${W}" height="${H}" fill="#d8d2c6"/>
${apartmentBlock(0, 420, 1200, 5, '#e6dccb', random, false)}
<rect y="400" width="${W}" height="300" fill="#5f6b73"/>
<rect x="120" y="440" width="960" height="250" fill="url(#glass)"/>
<line x1="440" y1="440" x2="440" y2="690" stroke="#3d464c" stroke-width="10"/><line x1="760" y1="440" x2="760" y2="690" stroke="#3d464c" stroke-width="10"/>
<rect x="120" y="440" width="960" height="250" fill="none" stroke="#3d464c" stroke-width="12"/>
<polygon points="90,420 1110,420 1150,470 50,470" fill="#1f6f8b"/>
${Array.from({ length: 11 }, (_, i) => `<polygon points="${r1(50 + i * 100)},470 ${r1(100 + i * 100)},470 ${r1(75 + i * 100)},490" fill="#1f6f8b"/>`).join('')}
<polygon points="160,690 420,460 460,460 220,690" fill="#fff" opacity=".18"/>
<rect y="700" width="${W}" height="100" fill="#b9b3a8"/>
${Array.from({ length: 13 }, (_, i) => `<line x1="${i * 100}" y1="700" x2="${i * 100 - 40}" y2="800" stroke="#fff" stroke-opacity=".4" stroke-width="2"/>`).join('')}
${plant(80, 700, 1)}${plant(1120, 700, 1)}`);
}

const SCENES: { readonly [P in DemoPhoto]: (random: () => number) => string } = {
  'seaside-block': seasideBlock,
  'living-room': livingRoom,
  'stone-house': (random) => stoneHouse(random, true),
  bedroom,
  office: (random) => office(random, false),
  'meeting-room': (random) => office(random, true),
  'olive-grove': (random) => oliveGrove(random, false),
  'olive-grove-evening': (random) => oliveGrove(random, true),
  'site-complex': siteComplex,
  kitchen,
  'shop-front': shopFront,
  'shop-interior': shopInterior,
};

export const PHOTO_DIRECTORY = dirname(fileURLToPath(import.meta.url));

/** The committed files of one photo: the upload pipeline's three variants, as an upload stores them. */
export const PHOTO_FILES = (photo: DemoPhoto) =>
  ({ main: `${photo}.jpg`, small: `${photo}-sm.jpg`, smallWebp: `${photo}-sm.webp` }) as const;

/** One scene drawn losslessly, then through the product image pipeline (PRODUCT_IMAGE_PRESET) like an upload. */
export async function drawPhoto(photo: DemoPhoto): Promise<ProcessedImage> {
  const seed = [...photo].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  const drawn = await sharp(Buffer.from(SCENES[photo](seeded(seed))))
    .png()
    .toBuffer();
  return processImage(drawn, PRODUCT_IMAGE_PRESET);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const photo of DEMO_PHOTOS) {
    const image = await drawPhoto(photo);
    const files = PHOTO_FILES(photo);
    if (!image.smallWebp) throw new Error('the product preset makes a WebP variant');
    writeFileSync(join(PHOTO_DIRECTORY, files.main), image.main.bytes);
    writeFileSync(join(PHOTO_DIRECTORY, files.small), image.small.bytes);
    writeFileSync(join(PHOTO_DIRECTORY, files.smallWebp), image.smallWebp.bytes);
    const kb = (bytes: Buffer) => Math.round(bytes.length / 1024);
    console.log(
      `${photo}: ${image.main.width}×${image.main.height} ${kb(image.main.bytes)} kB, small ${kb(image.small.bytes)} kB, WebP ${kb(image.smallWebp.bytes)} kB`,
    );
  }
}
