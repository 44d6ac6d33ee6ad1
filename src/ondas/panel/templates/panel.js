// The panel's only script (served as /panel.js: the CSP runs no inline script).
(function () {
  var main = document.getElementById('live');
  var version = main.getAttribute('data-version');
  var poll = parseInt(main.getAttribute('data-poll-ms'), 10) || 2000;
  function busy() {
    var fields = main.querySelectorAll('input[type=text], textarea');
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value || fields[i] === document.activeElement) return true;
    }
    return false;
  }
  function tick() {
    fetch('/api/version', {credentials: 'same-origin', cache: 'no-store'})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || data.version === version || busy()) return null;
        var url = new URL(window.location.href);
        url.searchParams.set('partial', '1');
        var shown = data.version;
        return fetch(url.toString(), {credentials: 'same-origin', cache: 'no-store'})
          .then(function (r) {
            shown = r.headers.get('X-Panel-Version') || shown;
            return r.ok ? r.text() : null;
          })
          .then(function (html) {
            if (html === null) return;
            main.innerHTML = html;
            version = shown;
            main.setAttribute('data-version', version);
            document.getElementById('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
          });
      })
      .catch(function () {})
      .then(function () { window.setTimeout(tick, poll); });
  }
  window.setTimeout(tick, poll);
})();
