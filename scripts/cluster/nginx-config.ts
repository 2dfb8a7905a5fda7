/**
 * The load balancer's part of nginx.conf (inside `http { }`): the instances as one upstream and a
 * server that proxies every request to them. The README's "Run several instances" quotes it
 * (`clusterNginxConfig({ listen: '80', instances: [...] })`); the cluster demo runs it.
 */
export type ClusterNginxOptions = {
  /** What the server listens on: `127.0.0.1:8080`, or `80` on a real machine. */
  listen: string;
  /** The instances' addresses, `host:port` each. */
  instances: readonly string[];
};

export function clusterNginxConfig({ listen, instances }: ClusterNginxOptions): string {
  if (instances.length === 0) throw new Error('An upstream needs at least one instance.');
  const servers = instances.map((address) => `  server ${address} max_fails=1 fail_timeout=5s;`).join('\n');
  return `# Passive health checks: an instance that fails max_fails times within fail_timeout (a refused
# or timed-out connection, or an answer listed in proxy_next_upstream) gets no requests for
# fail_timeout, then is tried again. /api/health (200 with "ok", 503 without the database) is for a
# balancer with active checks.
upstream cardshop {
${servers}
  # Idle connections kept open to the instances, closed before the shop's own 5 s keep-alive
  # timeout could close one under a request.
  keepalive 32;
  keepalive_timeout 4s;
}

server {
  listen ${listen};
  # The shop limits uploads and CSV imports (20 MB) itself; nginx's default 1 MB would refuse them.
  client_max_body_size 21m;

  location / {
    proxy_pass http://cardshop;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    # Read by the shop with TRUST_PROXY=1: the client's address and scheme from the entries this
    # proxy adds last, and the Host the browser sent, port included, which the shop's same-site
    # check compares with Origin.
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # One id for a request in nginx's log and the shop's (the shop keeps a trusted proxy's).
    proxy_set_header X-Request-Id $request_id;
    # A stopped instance refuses at once; a hung one is given up on after a second.
    proxy_connect_timeout 1s;
    # Failed requests go to the next instance. nginx never sends a POST or PATCH on to another
    # instance once one has received it, unless non_idempotent is listed here: keep it out, or an
    # order could be placed twice. A request whose connection was refused was never received, so
    # it goes on whatever its method. (PUT and DELETE are idempotent: the shop's PUTs save a whole
    # record, or delete one by id.)
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries ${instances.length};
    proxy_next_upstream_timeout 10s;
  }
}`;
}
