# SPDX-License-Identifier: GPL-2.0
# The hist_debug headers of the example of the issue: kmem/kmalloc with
# keys=common_pid,call_site.sym and values bytes_req, bytes_alloc,
# hitcount; and the same with the keys swapped and a filter.
# requires: events/kmem/kmalloc/hist_debug events/ftrace/print/hist
trigger kmem/kmalloc 'hist:keys=common_pid,call_site.sym:values=bytes_req,bytes_alloc,hitcount'
debug kmem/kmalloc
trigger kmem/kmalloc '!hist:keys=common_pid,call_site.sym:values=bytes_req,bytes_alloc,hitcount'
trigger kmem/kmalloc 'hist:keys=call_site.sym-offset,bytes_req.log2:vals=bytes_alloc.hex:sort=bytes_alloc if bytes_req > 100'
debug kmem/kmalloc
