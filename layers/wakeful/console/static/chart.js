// Inline SVG charts, with the numbers in text too (a table or title) for screen readers.

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) element.setAttribute(name, String(value));
  for (const child of children) if (child) element.append(child);
  return element;
}

function title(text) {
  const element = svg("title");
  element.textContent = text;
  return element;
}

function text(x, y, content, attrs = {}) {
  const element = svg("text", { x, y, ...attrs });
  element.textContent = content;
  return element;
}

/**
 * Horizontal stacked bars: rows [{label, parts: [{key, value}]}], series [{key, label, cls}].
 * Scales to its container's width.
 */
export function stackedBars(rows, series, { label, unit = "" } = {}) {
  const rowHeight = 28;
  const labelWidth = 150;
  const width = 600;
  const height = rows.length * rowHeight + 30;
  const max = Math.max(1, ...rows.map((row) => row.parts.reduce((sum, p) => sum + p.value, 0)));
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "chart", preserveAspectRatio: "xMinYMin meet" });
  rows.forEach((row, i) => {
    const y = i * rowHeight + 4;
    chart.append(text(labelWidth - 8, y + 15, row.label.length > 20 ? `${row.label.slice(0, 19)}…` : row.label, { "text-anchor": "end", class: "chart-label" }));
    let x = labelWidth;
    const total = row.parts.reduce((sum, p) => sum + p.value, 0);
    for (const part of row.parts) {
      const w = ((width - labelWidth - 60) * part.value) / max;
      const info = series.find((s) => s.key === part.key);
      if (w > 0) chart.append(svg("rect", { x, y, width: w, height: rowHeight - 10, rx: 3, class: info.cls }, title(`${row.label}: ${part.value}${unit} ${info.label}`)));
      x += w;
    }
    chart.append(text(x + 6, y + 15, `${total}${unit}`, { class: "chart-value" }));
  });
  const legend = svg("g", { transform: `translate(${labelWidth}, ${height - 8})` });
  series.forEach((s, i) => {
    legend.append(svg("rect", { x: i * 110, y: -10, width: 10, height: 10, rx: 2, class: s.cls }));
    legend.append(text(i * 110 + 14, 0, s.label, { class: "chart-legend" }));
  });
  chart.append(legend);
  return chart;
}

/**
 * Vertical stacked columns over time buckets: buckets [{label, counts: {key: n}}].
 */
export function columns(buckets, series, { label } = {}) {
  const width = 600;
  const height = 180;
  const pad = 24;
  const max = Math.max(1, ...buckets.map((b) => series.reduce((sum, s) => sum + (b.counts[s.key] || 0), 0)));
  const slot = (width - pad * 2) / Math.max(1, buckets.length);
  const barWidth = Math.max(4, Math.min(40, slot * 0.7));
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height + 40}`, role: "img", "aria-label": label, class: "chart", preserveAspectRatio: "xMinYMin meet" });
  chart.append(svg("line", { x1: pad, y1: height, x2: width - pad, y2: height, class: "chart-axis" }));
  buckets.forEach((bucket, i) => {
    const x = pad + i * slot + (slot - barWidth) / 2;
    let y = height;
    for (const s of series) {
      const n = bucket.counts[s.key] || 0;
      if (!n) continue;
      const hgt = ((height - 20) * n) / max;
      y -= hgt;
      chart.append(svg("rect", { x, y, width: barWidth, height: hgt, class: s.cls }, title(`${bucket.label}: ${n} ${s.label}`)));
    }
    if (buckets.length <= 12 || i % Math.ceil(buckets.length / 12) === 0) {
      chart.append(text(x + barWidth / 2, height + 14, bucket.label, { "text-anchor": "middle", class: "chart-label" }));
    }
  });
  const legend = svg("g", { transform: `translate(${pad}, ${height + 34})` });
  series.forEach((s, i) => {
    legend.append(svg("rect", { x: i * 120, y: -10, width: 10, height: 10, rx: 2, class: s.cls }));
    legend.append(text(i * 120 + 14, 0, s.label, { class: "chart-legend" }));
  });
  chart.append(legend);
  return chart;
}
