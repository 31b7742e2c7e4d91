// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FeeHookBase, HookBase, IPoolManagerMinimal, MAX_LP_FEE, OVERRIDE_FEE_FLAG, PoolKey, SwapParams} from "./HookBase.sol";

/// Clanker-v4-like static fee: 1% on every swap, set at launch, no setter.
contract StaticFeeHook is FeeHookBase {
    uint24 public constant FEE = 10_000;

    function currentFee() public pure override returns (uint24) {
        return FEE;
    }
}

/// Zora-like launch fee: 99% at the pool's initialisation, falling linearly to 1% over DECAY seconds
/// (flags BEFORE_SWAP and AFTER_INITIALIZE: the clock starts when the pool is created).
contract DecayingFeeHook is FeeHookBase {
    uint24 public constant START_FEE = 990_000;
    uint24 public constant END_FEE = 10_000;
    uint256 public constant DECAY = 600;
    uint256 public launchedAt;

    function afterInitialize(address, PoolKey calldata, uint160, int24) external onlyPoolManager returns (bytes4) {
        launchedAt = block.timestamp;
        return DecayingFeeHook.afterInitialize.selector;
    }

    function currentFee() public view override returns (uint24) {
        if (launchedAt == 0) return START_FEE;
        uint256 elapsed = block.timestamp - launchedAt;
        if (elapsed >= DECAY) return END_FEE;
        return uint24(START_FEE - ((uint256(START_FEE - END_FEE) * elapsed) / DECAY));
    }
}

/// Dangerous: the owner can set any fee up to 100% (the whole input goes to the LPs).
contract OwnerFeeHook is FeeHookBase {
    uint24 public fee = 3_000;

    event FeeChanged(uint24 fee);

    error FeeTooHigh();

    function setFee(uint24 newFee) external onlyOwner {
        if (newFee > MAX_LP_FEE) revert FeeTooHigh();
        fee = newFee;
        emit FeeChanged(newFee);
    }

    function currentFee() public view override returns (uint24) {
        return fee;
    }
}

/// Dangerous: buys pass; once the owner arms it, every sell of currency1 (the token, against native
/// ETH as currency0) reverts. Flag BEFORE_SWAP only.
contract SellBlockHook is HookBase {
    bool public armed;

    error TradingPaused();

    function setArmed(bool on) external onlyOwner {
        armed = on;
    }

    function beforeSwap(address, PoolKey calldata, SwapParams calldata params, bytes calldata)
        external
        view
        onlyPoolManager
        returns (bytes4, int256, uint24)
    {
        if (armed && !params.zeroForOne) revert TradingPaused();
        return (SellBlockHook.beforeSwap.selector, 0, 0);
    }
}

/// Dangerous, the "NoOp rug": flags BEFORE_SWAP and BEFORE_SWAP_RETURNS_DELTA. On an exact-input sell
/// of currency1 (the token, when currency0 is native ETH) the hook claims the whole input as
/// ERC-6909 credit and answers with a delta equal to it, so the pool never swaps and the seller
/// receives nothing. Buys pass untouched, so the token looks tradable until someone sells.
contract NoOpHook is HookBase {
    function beforeSwap(address, PoolKey calldata key, SwapParams calldata params, bytes calldata)
        external
        onlyPoolManager
        returns (bytes4, int256, uint24)
    {
        if (params.zeroForOne || params.amountSpecified >= 0) return (NoOpHook.beforeSwap.selector, 0, 0);
        uint256 amountIn = uint256(-params.amountSpecified);
        IPoolManagerMinimal(poolManager).mint(address(this), uint256(uint160(key.currency1)), amountIn);
        // BeforeSwapDelta: specified delta in the upper 128 bits, unspecified (0) in the lower.
        int256 delta = int256(amountIn) << 128;
        return (NoOpHook.beforeSwap.selector, delta, 0);
    }
}

/// The logic behind V4HookProxy at launch: a benign 0.3% fee (a dynamic-fee pool).
contract ProxiedFeeHookV1 is FeeHookBase {
    function currentFee() public pure override returns (uint24) {
        return 3_000;
    }
}

/// Dangerous: an upgradeable hook. The address (flag BEFORE_SWAP) is fixed; the admin can point it
/// at any logic at any time (EIP-1967 slots, so explorers and scanners read them as for tokens).
contract V4HookProxy {
    /// keccak256("eip1967.proxy.implementation") - 1
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    /// keccak256("eip1967.proxy.admin") - 1
    bytes32 internal constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    error NotAdmin();
    error AlreadyInitialised();

    /// One-shot set-up after the CREATE2 deployment: logic, admin, and the logic's own init call.
    function initProxy(address implementation, address admin, bytes calldata data) external {
        if (_load(IMPLEMENTATION_SLOT) != address(0)) revert AlreadyInitialised();
        _store(IMPLEMENTATION_SLOT, implementation);
        _store(ADMIN_SLOT, admin);
        emit Upgraded(implementation);
        emit AdminChanged(address(0), admin);
        if (data.length > 0) {
            (bool ok, bytes memory ret) = implementation.delegatecall(data);
            if (!ok) _bubble(ret);
        }
    }

    function upgradeTo(address implementation) external {
        if (msg.sender != _load(ADMIN_SLOT)) revert NotAdmin();
        _store(IMPLEMENTATION_SLOT, implementation);
        emit Upgraded(implementation);
    }

    fallback() external payable {
        address impl = _load(IMPLEMENTATION_SLOT);
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    receive() external payable {}

    function _load(bytes32 slot) private view returns (address a) {
        assembly {
            a := sload(slot)
        }
    }

    function _store(bytes32 slot, address a) private {
        assembly {
            sstore(slot, a)
        }
    }

    function _bubble(bytes memory ret) private pure {
        assembly {
            revert(add(ret, 32), mload(ret))
        }
    }
}
