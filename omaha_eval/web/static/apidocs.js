// The API page: the OpenAPI document of /api/openapi.json, rendered here
// (no CDN): each endpoint with its request fields and answers.
"use strict";

(async () => {
  const box = document.querySelector("#endpoints");
  const doc = await (await fetch("/api/openapi.json")).json();
  const schemas = doc.components.schemas;
  const resolve = (s) => (s && s.$ref ? schemas[s.$ref.split("/").pop()] : s);
  const parts = [OE.el("p", { text: doc.info.description })];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const section = OE.el("section", { class: "endpoint" },
        OE.el("h2", {}, OE.el("code", { text: `${method.toUpperCase()} ${path}` })),
        OE.el("p", { text: op.summary }));
      const schema = resolve(op.requestBody?.content["application/json"]?.schema);
      if (schema && schema.properties) {
        const rows = Object.entries(schema.properties).map(([name, p]) => [
          name + ((schema.required || []).includes(name) ? " (required)" : ""),
          [].concat(p.type || "").join(" or "), p.description || ""]);
        section.append(OE.table(["field", "type", "meaning"], rows, "Request body (JSON)", false));
      }
      const answers = Object.entries(op.responses).map(([code, r]) => [code, r.description]);
      section.append(OE.table(["status", "answer"], answers, "Responses", false));
      parts.push(section);
    }
  }
  box.replaceChildren(...parts);
})();
