/** METRICS_PORT, METRICS_HOST and METRICS_TOKEN: on by default on loopback, never the site's port, never open without a token. */
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_METRICS_PORT, readConfig } from "../../config/config.ts";

describe("the metrics port's settings", () => {
  it("are port 9464 on loopback by default, another port when set, or off", () => {
    expect(readConfig({})).toMatchObject({ metricsPort: DEFAULT_METRICS_PORT, metricsHost: "127.0.0.1" });
    expect(DEFAULT_METRICS_PORT).toBe(9464);
    expect(readConfig({ METRICS_PORT: "9100" }).metricsPort).toBe(9100);
    expect(readConfig({ METRICS_PORT: "off" }).metricsPort).toBeUndefined();
    expect(readConfig({ METRICS_PORT: "OFF" }).metricsPort).toBeUndefined();
  });

  it.each([
    [{ METRICS_PORT: "70000" }, /^METRICS_PORT: "70000" is not a port number \(1–65535\) or off$/],
    [{ METRICS_PORT: "web" }, /^METRICS_PORT: "web" is not a port number \(1–65535\) or off$/],
    [{ METRICS_PORT: "3000" }, /^METRICS_PORT: 3000 is PORT too: metrics are never served on the site's port/],
    [{ PORT: "8080", METRICS_PORT: "8080" }, /^METRICS_PORT: 8080 is PORT too/],
    [{ PORT: "9464" }, /^METRICS_PORT: 9464 is PORT too/],
    [
      { METRICS_HOST: "0.0.0.0" },
      /^METRICS_TOKEN: must be set when METRICS_HOST is not loopback \(METRICS_HOST is "0.0.0.0"\)$/,
    ],
  ])("refuses %j with one line naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it("opens to another interface with a token", () => {
    expect(readConfig({ METRICS_HOST: "10.0.0.5", METRICS_TOKEN: "s3cret-token" })).toMatchObject({
      metricsHost: "10.0.0.5",
      metricsToken: "s3cret-token",
    });
    expect(readConfig({ METRICS_HOST: "::1" }).metricsHost).toBe("::1");
  });
});
