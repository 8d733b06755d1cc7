import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/kernel/config.ts";
import { newId } from "../../src/kernel/ids.ts";

describe("configuration", () => {
  test("defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeNull();
    expect(c.publicBaseUrl).toBe("http://localhost:3000");
    expect(c.errorsUrl).toBe("http://localhost:3000/v1/errors");
    expect(c.dataDir).toEndWith("/data");
  });

  test("values from the environment, trailing slash dropped", () => {
    const c = loadConfig({ PORT: "8080", PUBLIC_BASE_URL: "https://videos.example.com/", DATABASE_URL: "postgres://u@h/db" });
    expect([c.port, c.publicBaseUrl, c.databaseUrl]).toEqual([8080, "https://videos.example.com", "postgres://u@h/db"]);
  });

  test("the own-media speed floor: 50 KB/s after 10 s unless configured, none at 0", () => {
    expect(loadConfig({}).ownMediaSpeedFloor).toEqual({ bytesPerSecond: 51_200, graceMs: 10_000 });
    expect(loadConfig({ OWN_MEDIA_MIN_BYTES_PER_SECOND: "1000", OWN_MEDIA_SLOW_GRACE_SECONDS: "2" }).ownMediaSpeedFloor).toEqual({ bytesPerSecond: 1000, graceMs: 2000 });
    expect(loadConfig({ OWN_MEDIA_MIN_BYTES_PER_SECOND: "0" }).ownMediaSpeedFloor).toBeNull();
    expect(() => loadConfig({ OWN_MEDIA_SLOW_GRACE_SECONDS: "0" })).toThrow(/OWN_MEDIA_SLOW_GRACE_SECONDS/);
  });

  test("the render pool's memory: a share of the host's unless configured, in MiB", () => {
    expect(loadConfig({}).renderMemoryBytes).toBeUndefined();
    expect(loadConfig({ RENDER_MEMORY_MB: "0" }).renderMemoryBytes).toBeUndefined();
    expect(loadConfig({ RENDER_MEMORY_MB: "3072" }).renderMemoryBytes).toBe(3 * 1024 ** 3);
    expect(() => loadConfig({ RENDER_MEMORY_MB: "-1" })).toThrow(/RENDER_MEMORY_MB/);
  });

  test("invalid values are refused with the variable's name", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});

describe("ids", () => {
  test("type prefix, time-sortable", () => {
    const a = newId("vid", 1_700_000_000_000);
    const b = newId("vid", 1_700_000_000_001);
    expect(a).toMatch(/^vid_[0-9a-z]{26}$/);
    expect(a < b).toBe(true);
  });
});
