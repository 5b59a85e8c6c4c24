// The live page: each part the server sends replaces the part of that id.
// No library, nothing from elsewhere; without this script the page still shows
// what it showed when loaded.
(function () {
  "use strict";
  var source = document.body.getAttribute("data-live");
  if (!source || !window.EventSource) return;
  var link = document.getElementById("link");
  var shown = {};
  var stream = new EventSource(source);
  stream.onopen = function () { link.textContent = "live"; link.className = "link on"; };
  stream.onerror = function () { link.textContent = "reconnecting"; link.className = "link off"; };
  stream.onmessage = function (event) {
    var parts = JSON.parse(event.data);
    document.body.setAttribute("data-revision", parts.revision);
    Object.keys(parts).forEach(function (name) {
      var part = document.getElementById(name);
      if (part && shown[name] !== parts[name]) {
        part.innerHTML = parts[name];
        shown[name] = parts[name];
      }
    });
  };
})();
